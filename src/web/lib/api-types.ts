import type { ExtractSchema } from "hono/types";
import type { ApiInput, ApiPath, Method } from "@/server/api-types";
import type { ApiType } from "@/server/app";
import type { publicInvitationRoutes } from "@/server/modules/members/invitations.routes";
import type { unsubscribeRoutes } from "@/server/modules/notifications/unsubscribe.routes";
import type { setupRoutes } from "@/server/modules/setup/setup.routes";
import type { publicSsoRoutes } from "@/server/modules/sso/sso.routes";

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

type Routes = ExtractSchema<ApiType>;
type RoutePath = keyof Routes & string;

/**
 * Paths the server declares a DELETE for. They answer 204 without a body, so they are not among
 * the JSON routes of `ApiPath`; the call resolves to nothing.
 */
export type ApiDeletePath = { [P in RoutePath]: "$delete" extends keyof Routes[P] ? P : never }[RoutePath];

type DeleteInput<P extends ApiDeletePath> = Routes[P] extends { $delete: { input: infer I } } ? I : never;

/** A DELETE's options: the path's `:name` segments when it has any. */
export type ApiDeleteArgs<P extends ApiDeletePath> = DeleteInput<P> extends { param: infer Param } ? [options: { param: Param }] : [options?: { param?: never }];

/**
 * The public routes a signed-out visitor calls (the sign-up policy, an invitation's preview, an
 * unsubscribe link): they are mounted before the session API, so ApiType does not hold them; typed
 * from their own routers.
 */
type PublicRoutes = ExtractSchema<ReturnType<typeof publicInvitationRoutes>> &
  ExtractSchema<ReturnType<typeof setupRoutes>> &
  ExtractSchema<ReturnType<typeof unsubscribeRoutes>> &
  ExtractSchema<ReturnType<typeof publicSsoRoutes>>;
type PublicEndpoint<M extends Method, P> = P extends keyof PublicRoutes ? (`$${M}` extends keyof PublicRoutes[P] ? PublicRoutes[P][`$${M}`] : never) : never;

export type PublicPath<M extends Method> = { [P in keyof PublicRoutes & string]: [PublicEndpoint<M, P>] extends [never] ? never : P }[keyof PublicRoutes & string];
export type PublicOutput<M extends Method, P extends PublicPath<M>> = Extract<PublicEndpoint<M, P>, { status: 200 }>["output"];
export type PublicBody<M extends Method, P extends PublicPath<M>> = PublicEndpoint<M, P>["input"] extends { json: infer J } ? J : never;
/** A public call's query, when its route validates one (an unsubscribe link's token). */
export type PublicArgs<M extends Method, P extends PublicPath<M>> = PublicEndpoint<M, P>["input"] extends { query: infer Query } ? [options: { query: Query }] : [options?: { query?: never }];
