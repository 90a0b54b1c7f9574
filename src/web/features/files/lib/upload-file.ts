import { t } from "@lingui/core/macro";
import { UPLOAD_FIELD } from "@/shared/rules/file";
import type { StoredFile } from "@/shared/schemas/file";
import type { ProblemDetails } from "@/shared/schemas/problem";
import { ApiError, shownProblemDetail } from "@/web/lib/api";
import { fetchRetryingOnce, newIdempotencyKey } from "@/web/lib/idempotency-key";

/**
 * A request of the file routes, with the session cookie; any non-2xx answer throws ApiError with
 * the server's problem details. Not through lib/api.ts: that client speaks JSON, and for an
 * upload the browser must write the multipart boundary into the content type itself.
 */
export async function fileRequest(url: string, method: string, body?: FormData, idempotencyKey?: string): Promise<Response> {
  const init: RequestInit = { method, body, credentials: "include", headers: idempotencyKey ? { accept: "application/json", "Idempotency-Key": idempotencyKey } : { accept: "application/json" } };
  const response = idempotencyKey ? await fetchRetryingOnce(url, init) : await fetch(url, init);
  if (!response.ok) {
    // A proxy's 413 may come without problem+json: the status still says what went wrong.
    throw new ApiError(response.status, (await response.json().catch(() => undefined)) as ProblemDetails | undefined);
  }
  return response;
}

/** Sends one file in the `file` field (one per request, as the server takes them) and answers the server's JSON. */
export async function uploadFile<T = StoredFile>(url: string, file: File, method: "POST" | "PUT" = "POST"): Promise<T> {
  const body = new FormData();
  body.append(UPLOAD_FIELD, file, file.name);
  // A new attachment (POST) is a create: one key for it and its retry (ADR 039). A PUT replaces, and is safe to repeat as it is.
  return (await (await fileRequest(url, method, body, method === "POST" ? newIdempotencyKey() : undefined)).json()) as T;
}

/**
 * Why an upload failed, in words: the server's own message when it gave one. A 413 from a proxy
 * in front of the server comes without one.
 */
export const uploadErrorText = (error: unknown): string =>
  shownProblemDetail(error) ?? (error instanceof ApiError && error.status === 413 ? t`The file is too large` : t`The upload failed`);
