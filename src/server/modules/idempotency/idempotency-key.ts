import { createHash } from "node:crypto";
import type { Actor } from "@/server/actor";
import { badRequest, conflict, Problem } from "@/server/http/problem";

/** The request header, as Stripe and draft-ietf-httpapi-idempotency-key-header spell it. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** How long a key's answer is kept: a day, Stripe's time too (ops/idempotency-sweeper.ts deletes older ones). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

export const IDEMPOTENCY_KEY_MAX = 255;

/** Visible ASCII, 1 to 255 characters: a UUID fits, and nothing a log or a header could misread. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

const field = (message: string) => [{ field: IDEMPOTENCY_HEADER, message }];

export const idempotencyProblems = {
  malformed: () =>
    badRequest(
      `${IDEMPOTENCY_HEADER}: Use 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters, such as a UUID`,
      field(`Use 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters, such as a UUID`),
    ),
  inProgress: () =>
    conflict(`${IDEMPOTENCY_HEADER}: A request with this key is in progress; retry once it has been answered`, field("A request with this key is in progress")),
  otherRequest: () =>
    new Problem(
      422,
      "Unprocessable Content",
      `${IDEMPOTENCY_HEADER}: This key was used for a different request; use a new key for a new request`,
      field("This key was used for a different request"),
    ),
};

/** The header's value, or undefined without one; a malformed key is refused (400 naming the header). */
export function readIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) throw idempotencyProblems.malformed();
  return value;
}

/** Whose keys these are: an API token's own, else the signed-in user's. Two callers' keys never meet. */
export const keyScope = (actor: Actor): string => (actor.apiToken ? `token:${actor.apiToken.id}` : `user:${actor.userId}`);

/** What makes two requests the same request: method, path and the body's SHA-256. */
export function requestFingerprint(method: string, path: string, body: string | Uint8Array): string {
  return `${method.toUpperCase()} ${path} ${createHash("sha256").update(body).digest("hex")}`;
}
