import type { ExtractSchema } from "hono/types";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiType } from "@/server/app";

/**
 * The session API's routes, read from the server's own declarations (`createRoute` + zod response
 * schemas) instead of response types named by hand at each call. Changing a route's path, input
 * or response schema then fails `tsc` in the web code that calls it or reads the answer.
 *
 * Types only: the browser gets nothing from this file, and lib/api.ts keeps its small fetch
 * wrapper. Hono's `hc` client gives the same typing through a Proxy runtime of about 2 KiB gzip,
 * which the bundle budgets would pay on every page. Paths are the server's spelling relative to
 * /api (`/tickets/:id`); lib/api.ts fills the `:name` segments.
 */
type Routes = ExtractSchema<ApiType>;

export type Method = "get" | "post" | "patch" | "put";

type Endpoints<M extends Method, P> = P extends keyof Routes ? (`$${M}` extends keyof Routes[P] ? Routes[P][`$${M}`] : never) : never;

/** The route's declared 2xx answers (one entry per declared status). */
type Success<M extends Method, P> = Extract<Endpoints<M, P>, { status: SuccessStatusCode }>;

/**
 * Paths that answer `method` with JSON. The event stream (SSE) and the invoice PDF answer other
 * formats and are not fetched through this client.
 */
export type ApiPath<M extends Method> = {
  [P in keyof Routes]: [Success<M, P>] extends [never] ? never : Success<M, P> extends { outputFormat: "json" } ? P : never;
}[keyof Routes] &
  string;

/** The body of a 2xx answer, as the route's response schema declares it. */
export type ApiOutput<M extends Method, P extends ApiPath<M>> = Success<M, P>["output"];

/** What the route validates: `param` (path segments), `query`, `json` (the body). */
export type ApiInput<M extends Method, P extends ApiPath<M>> = Endpoints<M, P>["input"];

/** The route's JSON body (a mutation's variables). */
export type ApiBody<M extends Method, P extends ApiPath<M>> = ApiInput<M, P> extends { json: infer J } ? J : never;

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
