import { problem } from "@/server/http/openapi";

const refusal = problem(
  "REQUIRE_ACCESS_REASON is on and the caller is staff opening this company's record for the first time today without a reason: " +
    "send it again with the reason in the `Access-Reason` header (percent-encoded UTF-8); `code` is `access_reason_required`",
);

/** A record read's declaration with the 428 the two-person rule may answer (ADR 050). */
export function withAccessReason<C extends { responses: object }>(config: C): C & { responses: C["responses"] & { 428: typeof refusal } } {
  return { ...config, responses: { ...config.responses, 428: refusal } };
}
