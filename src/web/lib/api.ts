import type { ProblemDetails } from "@/shared/schemas/problem";

/** An API error carrying the server's problem details (DESIGN D10). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: ProblemDetails | undefined,
  ) {
    super(problem?.detail ?? `Request failed (${status})`);
  }
}

/** The server's explanation of a refused request, when it gave one. */
export function problemDetail(error: unknown): string | undefined {
  return error instanceof ApiError ? error.problem?.detail : undefined;
}

/** The server message to show in a toast, or the fallback the spec names. */
export function errorMessage(error: unknown, fallback: string): string {
  return problemDetail(error) || fallback;
}

type Query = Record<string, string | number | boolean | null | undefined>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** JSON over fetch with the session cookie; throws ApiError for any non-2xx answer. */
export async function api<T>(method: string, path: string, options: { body?: unknown; query?: Query } = {}): Promise<T> {
  const response = await fetch(withQuery(`/api${path}`, options.query), {
    method,
    credentials: "same-origin",
    headers: options.body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) {
    const problem = (await response.json().catch(() => undefined)) as ProblemDetails | undefined;
    throw new ApiError(response.status, problem);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const apiGet = <T>(path: string, query?: Query) => api<T>("GET", path, { query });
export const apiPost = <T>(path: string, body: unknown = {}) => api<T>("POST", path, { body });
export const apiPatch = <T>(path: string, body: unknown) => api<T>("PATCH", path, { body });
export const apiPut = <T>(path: string, body: unknown) => api<T>("PUT", path, { body });
