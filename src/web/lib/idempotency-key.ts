import { randomUuid } from "./random-uuid";

/**
 * A fresh Idempotency-Key (a UUID v4) for one user action: the create and its retry carry the
 * same one, so the server answers the retry with what it stored (ADR 039).
 */
export const newIdempotencyKey = (): string => randomUuid();

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
