import { z } from "zod";

/** RFC 9457 problem details, as every API error is sent (DESIGN D10). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** A stable name for a refusal a client acts on, e.g. `two_factor_required` (ADR 019). */
  code: z.string().optional(),
  /** The answer's X-Request-Id, which names the request in the server's log. */
  requestId: z.string().optional(),
});
export type ProblemDetails = z.infer<typeof problemSchema>;
