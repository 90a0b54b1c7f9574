import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { tokensReach, type Action, type Subject } from "../../shared/policies";
import { problemSchema } from "../../shared/schemas/problem";
import { API_BODY_LIMIT_BYTES } from "./security";
import { tokenReach } from "./token-reach";

/** Response declarations shared by every route definition. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

/** A problem+json answer (RFC 9457) with this description. */
export const problem = (description: string) => ({
  content: { "application/problem+json": { schema: problemSchema } },
  description,
});

export const problemResponses = {
  400: problem("The request is invalid; `errors` names each field"),
  401: problem("No valid session"),
  403: problem("The caller's role may not do this"),
  404: problem("No such record visible to the caller"),
  409: problem("Conflicts with an existing record"),
  429: problem("Too many requests; `Retry-After` says how many seconds to wait"),
} as const;

/**
 * What the API's own middleware (security.ts) answers to every write before its route runs, so
 * every POST, PUT, PATCH and DELETE declares them: a request from another site (403, the CSRF
 * defence), a body over the limit (413) or not in JSON (415).
 */
export const writeRefusals = {
  403: problem("The request came from another site"),
  413: problem(`The request body is larger than ${API_BODY_LIMIT_BYTES / 1024} KiB`),
  415: problem("The request body is not application/json"),
} as const;

const twoFactorRefusal = "the caller is an admin without two-factor sign-in while the server requires it (REQUIRE_ADMIN_2FA; `code` is `two_factor_required`)";

/** A write route that also refuses by role: one 403, both reasons. */
const roleOrSiteRefusal = problem("The caller's role may not do this, or the request came from another site");

/** The `{id}` path parameter of one record: a malformed id is a 400 naming `id`, never a database error. */
export const idParams = z.object({ id: z.uuid("Not a valid id").openapi({ param: { name: "id", in: "path" } }) });

/**
 * A read's request and its one answer, spread into a route's config: `...queryRead(listQuery,
 * pageSchema, "A page of …")` for a list or an overview, `...idRead(schema, "The …")` for one record.
 */
export const queryRead = <Q extends z.ZodType, T extends z.ZodType>(query: Q, answer: T, description: string) => ({
  request: { query },
  responses: { 200: jsonContent(answer, description) },
});
export const idRead = <T extends z.ZodType>(answer: T, description: string) => ({
  request: { params: idParams },
  responses: { 200: jsonContent(answer, description) },
});

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

/** The success statuses a write declares. */
type WriteStatus = 200 | 201 | 202;
/**
 * `{ [status]: … }` typed by its literal status: a computed key alone would widen to any number, and
 * the handler's `c.json(…, 201)` is checked against the statuses its route declares.
 */
const answerAs = <S extends WriteStatus, T extends z.ZodType>(status: S, answer: T, description: string) =>
  ({ [status]: jsonContent(answer, description) }) as Record<S, ReturnType<typeof jsonContent<T>>>;

/**
 * A write's request and its one answer, as queryRead and idRead are a read's:
 * `...bodyWrite(createInput, 201, schema, "The new …")` for a JSON body, `...idWrite(changes, 200,
 * schema, "The updated …")` for a JSON body sent to one record, `...idRemoval("Deleted")` for a
 * record's removal, which answers 204 without a body.
 */
export const bodyWrite = <B extends z.ZodType, S extends WriteStatus, T extends z.ZodType>(body: B, status: S, answer: T, description: string) => ({
  request: { body: jsonBody(body) },
  responses: answerAs(status, answer, description),
});
export const idWrite = <B extends z.ZodType, S extends WriteStatus, T extends z.ZodType>(body: B, status: S, answer: T, description: string) => ({
  request: { params: idParams, body: jsonBody(body) },
  responses: answerAs(status, answer, description),
});
export const idRemoval = (description: string) => ({
  request: { params: idParams },
  responses: { 204: { description } },
});

type SecurityRequirements = Record<string, string[]>[];
export const sessionSecurity: SecurityRequirements = [{ cookieAuth: [] }];
/** A session, or an API token in `Authorization: Bearer` (ADR 030): either one suffices. */
export const sessionOrTokenSecurity: SecurityRequirements = [{ cookieAuth: [] }, { bearerAuth: [] }];

/** Every route an API token reaches may answer it: each token has its own limit a minute (API_TOKEN_RATE_LIMIT). */
const tokenRateLimit = problem("Too many requests: this API token's limit a minute is used up; `Retry-After` says how many seconds to wait");

/** An account-level route's 401: no session, or an API token, which is refused there (tokenReach). */
const sessionOnlyRefusal = problem("No valid session; API tokens are refused here, whoever made them");

/** What each declared method does, as the policy names it: a read-only token may only `read`. */
const actionOf = { get: "read", post: "create", put: "update", patch: "update", delete: "update" } as const satisfies Record<Method, Action>;

/** A public operation: anyone may call it, with or without a session. */
export const noSecurity = [];

type ProblemStatus = keyof typeof problemResponses;
type RouteConfig = Parameters<typeof createRoute>[0];

/** The problem answers named in `statuses`, declared once in problemResponses. */
type Problems<S extends readonly ProblemStatus[]> = { [K in S[number]]: (typeof problemResponses)[K] };
function problemsOf<const S extends readonly ProblemStatus[]>(statuses: S): Problems<S> {
  return Object.fromEntries(statuses.map((status) => [status, problemResponses[status]])) as Problems<S>;
}

type Method = "get" | "post" | "put" | "patch" | "delete";
type WriteRefusals<M extends Method> = M extends "get" ? Record<never, never> : typeof writeRefusals;

/** The 403/413/415 a write declares besides its own answers; nothing for a read. */
function refusalsOf<M extends Method>(method: M, problems: readonly ProblemStatus[]): WriteRefusals<M> {
  if (method === "get") return {} as WriteRefusals<M>;
  return { ...writeRefusals, 403: problems.includes(403) ? roleOrSiteRefusal : writeRefusals[403] } as WriteRefusals<M>;
}

/**
 * A route that takes another body than JSON (a file upload) describes its own 413 and 415: they
 * replace the JSON body's wording of writeRefusals.
 */
function ownBodyRefusals(responses: RouteConfig["responses"]) {
  const own = responses as Record<number, unknown>;
  return Object.fromEntries(([413, 415] as const).filter((status) => own[status] !== undefined).map((status) => [status, own[status]]));
}

/** A route's own middleware as a list (createRoute takes one or several). */
const middlewareOf = (middleware: RouteConfig["middleware"]): MiddlewareHandler[] =>
  middleware === undefined ? [] : Array.isArray(middleware) ? [...(middleware as MiddlewareHandler[])] : [middleware as MiddlewareHandler];

/**
 * Declares the routes of one tag of the session API, one line of routing table each:
 * `route.get(path, operationId, summary, problems, { request, responses, ... })`. Each gets the tag,
 * the session security, its operationId (the name a generated client calls it by) and, besides
 * its success answers, the problem answers it lists, in the one wording of problemResponses; a
 * write also gets the refusals of the API's middleware (writeRefusals). Every route also declares
 * REQUIRE_ADMIN_2FA's 403, except the ones an admin needs to turn two-factor sign-in on
 * (`openWithoutTwoFactor`: /api/me and the account's sessions, http/session.ts).
 *
 * Where an API token reaches is the policy's (ADR 030, amended): the routes of an account-level
 * `subject` (shared/policies.ts `tokensReach`: tokens, sessions, live updates, mail, accounts, the
 * teams, webhooks, settings) refuse every token (401) and declare the session cookie alone; every
 * other route declares the bearer scheme and the token's rate limit (429), and refuses a read-only
 * token its writes (403). Each route gets `tokenReach` in front of its own middleware for that.
 */
export function sessionRoutes(tag: string, { openWithoutTwoFactor = false, subject }: { openWithoutTwoFactor?: boolean; subject?: Subject } = {}) {
  const apiTokens = subject === undefined || tokensReach(subject);
  const security = apiTokens ? sessionOrTokenSecurity : sessionSecurity;
  /** The token's 429, unless the route declares a 429 of its own (which then covers both); an account-level route's 401 names the token. */
  const withTokenAnswers = <R extends object>(responses: R): R => {
    if (!apiTokens) return { ...responses, 401: sessionOnlyRefusal };
    return !(429 in responses) ? { 429: tokenRateLimit, ...responses } : responses;
  };
  /** A read-only token's write is refused (tokenReach): the write's 403 says so too. */
  const withReadOnlyRefusal = <R extends object>(method: Method, responses: R): R => {
    if (!apiTokens || method === "get") return responses;
    const other = (responses as { 403?: { description?: string } })[403]?.description;
    return { ...responses, 403: problem(`${other}; or the caller's API token may only read`) } as R;
  };
  /** REQUIRE_ADMIN_2FA's refusal (http/session.ts), which every session route but the enrolling ones may answer. */
  const withTwoFactorRefusal = <R extends object>(responses: R): R => {
    if (openWithoutTwoFactor) return responses;
    const other = (responses as { 403?: { description?: string } })[403]?.description;
    return { ...responses, 403: problem(other ? `${other}; or ${twoFactorRefusal}` : `${twoFactorRefusal[0]!.toUpperCase()}${twoFactorRefusal.slice(1)}`) } as R;
  };
  const declare =
    <const M extends Method>(method: M) =>
    <const P extends string, const C extends Omit<RouteConfig, "method" | "path" | "summary" | "tags" | "security" | "operationId">, const S extends readonly ProblemStatus[]>(
      path: P,
      operationId: string,
      summary: string,
      problems: S,
      config: C,
    ) =>
      createRoute({
        ...config,
        method,
        path,
        summary,
        operationId,
        tags: [tag],
        security,
        // The token's reach first: a refused token learns nothing of the route's own checks.
        middleware: [tokenReach(actionOf[method], subject), ...middlewareOf(config.middleware)],
        responses: withTokenAnswers(
          withReadOnlyRefusal(method, withTwoFactorRefusal({ ...config.responses, ...problemsOf(problems), ...refusalsOf(method, problems), ...ownBodyRefusals(config.responses) })),
        ),
      } as Omit<C, "responses"> & {
        method: M;
        path: P;
        summary: string;
        operationId: string;
        tags: string[];
        security: SecurityRequirements;
        responses: C["responses"] & Problems<S> & WriteRefusals<M> & { 403?: ReturnType<typeof problem> };
      });
  return { get: declare("get"), post: declare("post"), put: declare("put"), patch: declare("patch"), delete: declare("delete") };
}

/**
 * Declares the public routes of one tag (no session: `security: []`), one line of routing table
 * each: `route.get(path, operationId, summary, { request, responses, ... })`. It adds no answers:
 * the session API's refusals do not apply to a public route, so each lists its own.
 */
export function publicRoutes(tag: string) {
  const declare =
    <const M extends Method>(method: M) =>
    <const P extends string, const C extends Omit<RouteConfig, "method" | "path" | "summary" | "tags" | "security" | "operationId">>(
      path: P,
      operationId: string,
      summary: string,
      config: C,
    ) =>
      createRoute({ method, path, tags: [tag], operationId, security: noSecurity, summary, ...config } as C & {
        method: M;
        path: P;
        tags: string[];
        operationId: string;
        security: SecurityRequirements;
        summary: string;
      });
  return { get: declare("get"), post: declare("post") };
}
