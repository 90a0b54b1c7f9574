import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { signInInputSchema, signUpInputSchema } from "@/shared/schemas/auth";
import { jsonBody, jsonContent, noSecurity, problem, writeRefusals } from "./openapi";

/**
 * The Better Auth endpoints the web app signs in, signs up, signs out and probes the session
 * with, described as modules/auth/auth.routes.ts answers them (not as Better Auth alone would:
 * the session token is removed from every answer, errors are problem+json, and sign-up follows
 * the sign-up policy). Better Auth's handler serves them; these entries only describe them, so
 * other programs can call them from the document (ADR 018). The account endpoints of the
 * account page (password reset, name, password and address changes) are not described yet.
 */

const TAG = "Session";

/** The account as Better Auth answers it (its `user` model; `name` is the full name). */
const authUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi("AuthUser");

const signedInSchema = z
  .object({ redirect: z.boolean().optional().openapi({ description: "Always false: no redirect is asked for" }), user: authUserSchema })
  .openapi("SignedIn");

/** The session as get-session answers it, without its token (the cookie carries it). */
const authSessionSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    expiresAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    ipAddress: z.string().nullable().optional(),
    userAgent: z.string().nullable().optional(),
  })
  .openapi("AuthSession");

const sessionCookie = z.object({
  "Set-Cookie": z.string().openapi({ description: "`portico.session_token`: the httpOnly session cookie; send it back as `Cookie`" }),
});

/** The cookie is optional: without one the operation still answers 200. */
const optionalSession: Record<string, string[]>[] = [{}, { cookieAuth: [] }];

const tooMany = problem("Too many requests from this address (or, for sign-in, for this account); `Retry-After` or `X-Retry-After` says how many seconds to wait");

type Registry = OpenAPIHono["openAPIRegistry"];

/** Adds the sign-in, sign-up, sign-out and get-session operations under /auth to the API's document. */
export function registerAuthOperations(registry: Registry): void {
  registry.registerPath({
    method: "post",
    path: "/auth/sign-in/email",
    tags: [TAG],
    operationId: "signIn",
    summary: "Sign in with email and password: sets the session cookie",
    security: noSecurity,
    request: { body: jsonBody(signInInputSchema) },
    responses: {
      200: { ...jsonContent(signedInSchema, "Signed in; the session cookie is set"), headers: sessionCookie },
      400: problem("The body is not an email and a password"),
      401: problem("Wrong email or password"),
      ...writeRefusals,
      403: problem("The request came from another site, or the account is deactivated (an admin deactivated it)"),
      429: tooMany,
    },
  });

  registry.registerPath({
    method: "post",
    path: "/auth/sign-up/email",
    tags: [TAG],
    operationId: "signUp",
    summary: "Create a customer account and sign in; with `invitationToken`, also join where the invitation leads",
    security: noSecurity,
    request: { body: jsonBody(signUpInputSchema) },
    responses: {
      200: { ...jsonContent(signedInSchema, "Account created and signed in; the session cookie is set"), headers: sessionCookie },
      400: problem("The request is invalid; `errors` names each field (an invalid invitation names `token`, another address than the invited one `email`)"),
      403: problem("Sign-up is by invitation only (SIGNUP_MODE=invite), or the request came from another site"),
      413: writeRefusals[413],
      415: writeRefusals[415],
      422: problem("An account with this address exists already"),
      429: tooMany,
    },
  });

  registry.registerPath({
    method: "post",
    path: "/auth/sign-out",
    tags: [TAG],
    operationId: "signOut",
    summary: "Sign out: ends the session and its event streams, clears the cookies (also answers 200 without a session)",
    security: optionalSession,
    request: { body: jsonBody(z.object({}).openapi({ description: "An empty JSON object" })) },
    responses: {
      200: { ...jsonContent(z.object({ success: z.boolean() }), "Signed out; the cookies are cleared"), headers: sessionCookie },
      400: problem("The body is not a JSON object"),
      ...writeRefusals,
      429: tooMany,
    },
  });

  registry.registerPath({
    method: "get",
    path: "/auth/get-session",
    tags: [TAG],
    operationId: "getSession",
    summary: "The current session and its account, or null without one (never 401)",
    security: optionalSession,
    responses: {
      200: jsonContent(z.object({ session: authSessionSchema, user: authUserSchema }).nullable(), "The session, or null"),
      429: tooMany,
    },
  });
}
