import type { ExtractSchema } from "hono/types";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiType } from "./app";

/**
 * The session API's routes, read from the server's own declarations (`createRoute` + zod response
 * schemas) instead of response types named by hand at each call. Changing a route's path, input
 * or response schema then fails `tsc` wherever a caller reads the answer: the web app
 * (web/lib/api-types.ts) and the API tests (test/test-client.ts) both type their calls from here.
 *
 * Types only. Route paths are the server's spelling relative to /api (`/tickets/:id`).
 */
type Routes = ExtractSchema<ApiType>;
type RoutePath = keyof Routes & string;

export type Method = "get" | "post" | "patch" | "put";

type Endpoints<M extends string, P> = P extends keyof Routes ? (`$${M}` extends keyof Routes[P] ? Routes[P][`$${M}`] : never) : never;

/** The route's declared 2xx answers (one entry per declared status). */
type Success<M extends string, P> = Extract<Endpoints<M, P>, { status: SuccessStatusCode }>;

/** The 2xx answers in JSON; the event stream (SSE) and the invoice PDF redirect have none. */
type JsonSuccess<M extends string, P> = [Success<M, P>] extends [never] ? never : Success<M, P> extends { outputFormat: "json" } ? Success<M, P> : never;

/** Paths that answer `method` with JSON. */
export type ApiPath<M extends Method> = { [P in RoutePath]: [JsonSuccess<M, P>] extends [never] ? never : P }[RoutePath];

/** The body of a 2xx answer, as the route's response schema declares it. */
export type ApiOutput<M extends Method, P extends ApiPath<M>> = Success<M, P>["output"];

/** What the route validates: `param` (path segments), `query`, `json` (the body). */
export type ApiInput<M extends Method, P extends ApiPath<M>> = Endpoints<M, P>["input"];

/** The route's JSON body (a mutation's variables). */
export type ApiBody<M extends Method, P extends ApiPath<M>> = ApiInput<M, P> extends { json: infer J } ? J : never;

/*
 * From a concrete URL to its route: `/tickets/${string}/comments?page=2` is an instance of
 * `/tickets/:id/comments`. A template literal argument keeps its `${string}` holes as types, so
 * the URL a test builds from ids is matched segment by segment; a `:param` takes exactly one
 * segment, so `/tickets/:id` never swallows `/tickets/x/comments`.
 */

/** The URL without its query string. */
type PathPart<U extends string> = U extends `${infer Path}?${string}` ? Path : U;

type Segments<S extends string> = S extends `${infer Head}/${infer Rest}` ? [Head, ...Segments<Rest>] : [S];

/** Whether every segment of the URL matches the route's, `:param` matching any non-empty one. */
type SegmentsMatch<Pattern extends string[], Actual extends string[]> = Pattern extends [infer P extends string, ...infer PatternRest extends string[]]
  ? Actual extends [infer A extends string, ...infer ActualRest extends string[]]
    ? (P extends `:${string}` ? (A extends "" ? false : true) : A extends P ? true : false) extends true
      ? SegmentsMatch<PatternRest, ActualRest>
      : false
    : false
  : Actual extends []
    ? true
    : false;

/** The declared route a path (relative to /api) is an instance of; a fixed route wins over a `:param` one (`/companies/mine`). */
type RouteAt<Path extends string> = Path extends RoutePath
  ? Path
  : { [R in RoutePath]: SegmentsMatch<Segments<R>, Segments<Path>> extends true ? R : never }[RoutePath];

/** The output of the answers in `E`; `unknown` when there are none. */
type OutputOf<E> = [E] extends [never] ? unknown : E extends { output: infer Output } ? Output : never;

/**
 * The body of a 2xx JSON answer to `method` (any case) at `url` (relative to /api, with or without
 * a query): the route's declared output. `unknown` where no declared route answers JSON: a plain
 * `string` URL, Better Auth's /auth/*, the event stream, the PDF redirect, a path that is no route.
 */
export type ApiOutputAt<M extends string, U extends string> = string extends U
  ? unknown
  : U extends string
    ? OutputOf<JsonSuccess<Lowercase<M>, RouteAt<PathPart<U>>>>
    : never;
