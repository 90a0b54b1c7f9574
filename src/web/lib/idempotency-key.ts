/**
 * A fresh Idempotency-Key (a UUID v4) for one user action: the create and its retry carry the
 * same one, so the server answers the retry with what it stored (ADR 039). `crypto.randomUUID`
 * exists only in secure contexts (https, localhost), so a plain-http deployment falls back to
 * `getRandomValues`, which exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A proxy's answer while the server restarts (nginx: no upstream, or draining): the create may or may not have been stored. */
const isRetriedStatus = (status: number) => status === 502 || status === 503;

/** How long a retried create waits: a restarting server behind the proxy is back within about a second. */
const RETRY_DELAY_MS = 1_000;

/**
 * fetch, and once more with the same request after a proxy's 502 or 503 or a network error: the
 * first may have been stored before its answer was lost, and its Idempotency-Key makes the server
 * answer the retry with what it stored instead of storing it twice.
 */
export async function fetchRetryingOnce(url: string, init: RequestInit): Promise<Response> {
  try {
    const response = await fetch(url, init);
    if (!isRetriedStatus(response.status)) return response;
  } catch {
    // A network error: the request may or may not have reached the server.
  }
  await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS)); // paces: one retry, after the restart the 502 came from
  return fetch(url, init);
}
