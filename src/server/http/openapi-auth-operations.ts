import { z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  disableTwoFactorInputSchema,
  enableTwoFactorInputSchema,
  signInInputSchema,
  signUpInputSchema,
  verifyBackupCodeInputSchema,
  verifyTotpInputSchema,
} from "@/shared/schemas/auth";
import { jsonBody, jsonContent, noSecurity, problem, sessionSecurity, writeRefusals } from "./openapi";

/**
 * The Better Auth endpoints the web app signs in, signs up, signs out and probes the session
 * with, described as modules/auth/auth.routes.ts answers them (not as Better Auth alone would:
 * the session token is removed from every answer, errors are problem+json, and sign-up follows
 * the sign-up policy). Better Auth's handler serves them; these entries only describe them, so
 * other programs can call them from the document (ADR 018). Two-factor sign-in's endpoints (ADR
 * 019) are described too: a program signing in as an account that has it on needs the code step.
 * The other account endpoints of the account page (password reset, name, password and address
 * changes) are not described yet.
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
    twoFactorEnabled: z.boolean().openapi({ description: "Whether signing in asks for a code after the password (ADR 019)" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi("AuthUser");

const signedInSchema = z
  .object({ redirect: z.boolean().optional().openapi({ description: "Always false: no redirect is asked for" }), user: authUserSchema })
  .openapi("SignedIn");

/** Sign-in's answer when the password was right and the account has two-factor sign-in on: no session yet. */
const codeNeededSchema = z
  .object({
    twoFactorRedirect: z.literal(true).openapi({ description: "Send a code next: POST /auth/two-factor/verify-totp or /auth/two-factor/verify-backup-code" }),
    twoFactorMethods: z.array(z.string()).openapi({ description: "`totp`: a code from an authenticator app" }),
  })
  .openapi("TwoFactorCodeNeeded");

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
type RouteConfig = Parameters<Registry["registerPath"]>[0];
type Security = NonNullable<RouteConfig["security"]>;
type Responses = RouteConfig["responses"];

/** Adds the sign-in, sign-up, sign-out and get-session operations under /auth to the API's document. */
export function registerAuthOperations(registry: Registry): void {
  /** One of Better Auth's POST endpoints, which all take a JSON body: one line of routing table each. */
  const post = (path: string, operationId: string, summary: string, security: Security, body: z.ZodType, responses: Responses) =>
    registry.registerPath({ method: "post", path, tags: [TAG], operationId, summary, security, request: { body: jsonBody(body) }, responses });

  post("/auth/sign-in/email", "signIn", "Sign in with email and password: sets the session cookie", noSecurity, signInInputSchema, {
    200: {
      ...jsonContent(
        z.union([signedInSchema, codeNeededSchema]),
        "Signed in (the session cookie is set), or, for an account with two-factor sign-in on, the password was right and a code comes next (the httpOnly `portico.two_factor` cookie is set instead, for 10 minutes: send it back with the code)",
      ),
      headers: sessionCookie,
    },
    400: problem("The body is not an email and a password"),
    401: problem("Wrong email or password"),
    ...writeRefusals,
    403: problem("The request came from another site, or the account is deactivated (an admin deactivated it)"),
    429: tooMany,
  });

  post("/auth/sign-up/email", "signUp", "Create a customer account and sign in; with `invitationToken`, also join where the invitation leads", noSecurity, signUpInputSchema, {
    200: { ...jsonContent(signedInSchema, "Account created and signed in; the session cookie is set"), headers: sessionCookie },
    400: problem("The request is invalid; `errors` names each field (an invalid invitation names `token`, another address than the invited one `email`)"),
    403: problem("Sign-up is by invitation only (SIGNUP_MODE=invite), or the request came from another site"),
    413: writeRefusals[413],
    415: writeRefusals[415],
    422: problem("An account with this address exists already"),
    429: tooMany,
  });

  post(
    "/auth/sign-out",
    "signOut",
    "Sign out: ends the session and its event streams, clears the cookies (also answers 200 without a session)",
    optionalSession,
    z.object({}).openapi({ description: "An empty JSON object" }),
    {
      200: { ...jsonContent(z.object({ success: z.boolean() }), "Signed out; the cookies are cleared"), headers: sessionCookie },
      400: problem("The body is not a JSON object"),
      ...writeRefusals,
      429: tooMany,
    },
  );

  const codeStep = (path: string, operationId: string, summary: string, body: z.ZodType, wrongCode: string) =>
    post(path, operationId, summary, optionalSession, body, {
      200: { ...jsonContent(z.object({ user: authUserSchema }), "The code was right: signed in (the session cookie is set), or enrolment confirmed"), headers: sessionCookie },
      400: problem(
        `The body is invalid, or ${wrongCode} (\`errors\` names \`code\`), or the challenge has had 5 wrong codes, or an app's code was used already (sign in with the password again)`,
      ),
      401: problem("No code step under way (no password step in the last 10 minutes) and no session"),
      ...writeRefusals,
      429: problem("Too many requests from this address, or 10 wrong codes in a row locked the account's code step for 15 minutes"),
    });

  codeStep(
    "/auth/two-factor/verify-totp",
    "verifyTotp",
    "Send the authenticator app's code: after sign-in's password step (signs in; `trustDevice` skips the code on this browser for 30 days), or with a session to confirm enrolment (turns two-factor sign-in on)",
    verifyTotpInputSchema,
    "the code is wrong",
  );
  codeStep(
    "/auth/two-factor/verify-backup-code",
    "verifyBackupCode",
    "Send one of the single-use backup codes instead of the app's code, after sign-in's password step (signs in; the code is spent)",
    verifyBackupCodeInputSchema,
    "the backup code is wrong or was used already",
  );

  post(
    "/auth/two-factor/enable",
    "enableTwoFactor",
    "Start turning on two-factor sign-in: answers the key (also as an otpauth URI and a QR code) and 10 single-use backup codes; it is on once verifyTotp confirms a code",
    sessionSecurity,
    enableTwoFactorInputSchema,
    {
      200: jsonContent(
        z
          .object({
            totpURI: z.string().openapi({ description: "otpauth://totp/... for an authenticator app" }),
            secret: z.string().openapi({ description: "The key in base32, for typing into an app by hand" }),
            qrCode: z.string().openapi({ description: "The URI as a QR code: a data:image/svg+xml URL" }),
            backupCodes: z.array(z.string()).openapi({ description: "Shown once: each signs in once instead of a code" }),
          })
          .openapi("TwoFactorEnrolment"),
        "Enrolment started",
      ),
      400: problem("The body is invalid, the password is wrong (`errors` names `password`), or two-factor sign-in is on already"),
      401: problem("No session"),
      ...writeRefusals,
      429: tooMany,
    },
  );

  post("/auth/two-factor/disable", "disableTwoFactor", "Turn off two-factor sign-in, with the password and a current code (the app's, or a backup code)", sessionSecurity, disableTwoFactorInputSchema, {
    200: { ...jsonContent(z.object({ status: z.boolean() }), "Turned off; the session cookie is replaced"), headers: sessionCookie },
    400: problem("The body is invalid, the password or the code is wrong (`errors` names the field), or two-factor sign-in is not on"),
    401: problem("No session"),
    ...writeRefusals,
    429: problem("Too many requests from this address, or too many wrong codes for this account (`Retry-After` says how many seconds to wait)"),
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
