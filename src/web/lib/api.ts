import type { ProblemDetails } from "@/shared/schemas/problem";
import { knownTranslation, showsEnglish, translateKnown } from "./i18n/known-messages";
import { ACCESS_REASON_HEADER, ACCESS_REASON_REQUIRED } from "@/shared/rules/access-log";
import { askAccessReason } from "./access-reason";
import { fetchRetryingOnce, newIdempotencyKey } from "./idempotency-key";
import type { ApiArgs, ApiDeleteArgs, ApiDeletePath, ApiOutput, ApiPath, Method, PublicArgs, PublicBody, PublicOutput, PublicPath } from "./api-types";

/** An API error carrying the server's problem details (DESIGN D10). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: ProblemDetails | undefined,
  ) {
    super(problem?.detail ?? `Request failed (${status})`);
  }
}

/** The server's explanation of a refused request, as it sent it. */
function serverDetail(error: unknown): string | undefined {
  return error instanceof ApiError ? error.problem?.detail : undefined;
}

/**
 * The server's explanation of a refused request, when it gave one: in the reader's language when it
 * is a known message (lib/i18n/known-messages.ts), else as the server wrote it.
 */
export function problemDetail(error: unknown): string | undefined {
  const detail = serverDetail(error);
  return detail === undefined ? undefined : translateKnown(detail);
}

/**
 * The server's explanation, when the reader can read it: in English, whatever the server said; in
 * another language, a known message translated, and nothing for any other (English) text.
 */
export function shownProblemDetail(error: unknown): string | undefined {
  const detail = serverDetail(error);
  if (!detail || showsEnglish()) return detail;
  return knownTranslation(detail);
}

/**
 * Whether a detail read found no record: 404 (missing, or another company's: D11), and where the
 * id has a fixed format, 400 for a malformed one (a slug may be any text, so there it is an error).
 */
export function isNotFound(error: unknown, { malformedToo = false } = {}): boolean {
  return error instanceof ApiError && (error.status === 404 || (malformedToo && error.status === 400));
}

/**
 * The server message to show in a toast, or the fallback the spec names: also when the server's
 * message is one the catalogue does not know and the reader's language is not English (the
 * fallback is already in their language).
 */
export function errorMessage(error: unknown, fallback: string): string {
  return shownProblemDetail(error) || fallback;
}

type Query = Record<string, unknown>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

interface RequestOptions {
  /** Values for the path's `:name` segments. */
  param?: Record<string, string>;
  query?: Query;
  /** The JSON body; none is sent when undefined. */
  json?: unknown;
  /** Sent as `Idempotency-Key`: the request is then retried once, with it, after a 502, a 503 or a network error. */
  idempotencyKey?: string;
}

/** JSON over fetch with the session cookie; throws ApiError for any non-2xx answer. */
async function request(method: string, path: string, { param, query, json, idempotencyKey }: RequestOptions = {}): Promise<unknown> {
  const url = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = param?.[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
  const headers: Record<string, string> = json === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" };
  if (idempotencyKey !== undefined) headers["Idempotency-Key"] = idempotencyKey;
  const init: RequestInit = { method, credentials: "same-origin", headers, body: json === undefined ? undefined : JSON.stringify(json) };
  const target = withQuery(`/api${url}`, query);
  let response = idempotencyKey === undefined ? await fetch(target, init) : await fetchRetryingOnce(target, init);
  let problem = response.ok ? undefined : ((await response.json().catch(() => undefined)) as ProblemDetails | undefined);
  // REQUIRE_ACCESS_REASON (ADR 050): a staff read asks for a reason once; the same read goes again with it.
  const reason = response.status === 428 && problem?.code === ACCESS_REASON_REQUIRED ? await askAccessReason() : null;
  if (reason !== null) {
    response = await fetch(target, { ...init, headers: { ...headers, [ACCESS_REASON_HEADER]: encodeURIComponent(reason) } });
    problem = response.ok ? undefined : ((await response.json().catch(() => undefined)) as ProblemDetails | undefined);
  }
  if (!response.ok) throw new ApiError(response.status, problem);
  return response.status === 204 ? undefined : response.json();
}

/**
 * One method of the typed client: the path is one the server declares for that method, the options
 * are what its route validates, and the answer is its 2xx response schema (lib/api-types.ts).
 */
const typed =
  <M extends Method>(method: M) =>
  <P extends ApiPath<M>>(path: P, ...[options]: ApiArgs<M, P>) =>
    request(method.toUpperCase(), path, options as RequestOptions) as Promise<ApiOutput<M, P>>;

/** A DELETE of a declared route: answered 204, so it resolves to nothing. */
const remove = async <P extends ApiDeletePath>(path: P, ...[options]: ApiDeleteArgs<P>): Promise<void> => {
  await request("DELETE", path, options as RequestOptions);
};

/**
 * A POST that creates a record (a route that takes an Idempotency-Key, ADR 039): each call is one
 * user action with a fresh key, retried once with that key after a 502, a 503 or a network error,
 * so a submit during a server restart stores one record and shows no error.
 */
const create = <P extends ApiPath<"post">>(path: P, ...[options]: ApiArgs<"post", P>) =>
  request("POST", path, { ...(options as RequestOptions), idempotencyKey: newIdempotencyKey() }) as Promise<ApiOutput<"post", P>>;

/** The session API (/api minus Better Auth): `api.get("/tickets/:id", { param: { id } })`; `api.create` for a create. */
export const api = { get: typed("get"), post: typed("post"), create, patch: typed("patch"), put: typed("put"), delete: remove };

/** The public routes outside the session API, for signed-out visitors (lib/api-types.ts). */
export const publicApi = {
  get: <P extends PublicPath<"get">>(path: P, ...[options]: PublicArgs<"get", P>) =>
    request("GET", path, options as RequestOptions) as Promise<PublicOutput<"get", P>>,
  post: <P extends PublicPath<"post">>(path: P, json: PublicBody<"post", P>, ...[options]: PublicArgs<"post", P>) =>
    request("POST", path, { ...(options as RequestOptions), json }) as Promise<PublicOutput<"post", P>>,
};

/**
 * Better Auth's endpoints under /api/auth. They are mounted as one catch-all handler, not declared
 * routes, so ApiType knows nothing of them: these calls are untyped on purpose and the answer is
 * `unknown` until the caller checks it.
 */
export const untypedAuthApi = {
  get: (path: `/auth/${string}`): Promise<unknown> => request("GET", path),
  post: (path: `/auth/${string}`, json: unknown = {}): Promise<unknown> => request("POST", path, { json }),
};
