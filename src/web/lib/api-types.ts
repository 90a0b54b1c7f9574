import type { ApiInput, ApiPath, Method } from "@/server/api-types";

/**
 * The session API's routes, read from the server's own declarations (server/api-types.ts, which
 * the API tests type their calls from too) instead of response types named by hand at each call.
 * Changing a route's path, input or response schema then fails `tsc` in the web code that calls
 * it or reads the answer.
 *
 * Types only: the browser gets nothing from this file, and lib/api.ts keeps its small fetch
 * wrapper. Hono's `hc` client gives the same typing through a Proxy runtime of about 2 KiB gzip,
 * which the bundle budgets would pay on every page. Paths are the server's spelling relative to
 * /api (`/tickets/:id`); lib/api.ts fills the `:name` segments.
 */
export type { ApiBody, ApiInput, ApiOutput, ApiPath, Method } from "@/server/api-types";

/** `{}`: a type that every object, including an empty one, satisfies. */
type Empty = Record<never, never>;

/**
 * The options of one call. A query whose every field is optional may be left out; a body may not,
 * even `{}`, because the server requires one wherever a route declares it. What the route does not
 * validate is `never`, so a stray `query` or `json` is an error rather than silently dropped.
 */
type Options<I> = (I extends { param: infer Param } ? { param: Param } : { param?: never }) &
  (I extends { json: infer Json } ? { json: Json } : { json?: never }) &
  (I extends { query: infer Query } ? (Empty extends Query ? { query?: Query } : { query: Query }) : { query?: never });

/** A call's trailing options argument: optional when nothing in it is required. */
export type ApiArgs<M extends Method, P extends ApiPath<M>> =
  Empty extends Options<ApiInput<M, P>> ? [options?: Options<ApiInput<M, P>>] : [options: Options<ApiInput<M, P>>];
