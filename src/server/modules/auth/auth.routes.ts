import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { authMessages, RESET_REQUESTED } from "@/shared/rules/auth";
import { SSO_REQUIRED, ssoMessages } from "@/shared/rules/single-sign-on";
import { twoFactorMessages } from "@/shared/rules/two-factor";
import { confirmEmailInputSchema, type ChangeEmailInput, type DisableTwoFactorInput, type SignUpInput } from "@/shared/schemas/auth";
import { CLIENT_IP_HEADER, type Auth } from "../../auth";
import { sessions } from "../../db/schema";
import type { AppDeps } from "../../http/context";
import { badRequest, notFound, Problem, problemJson, tooManyRequests, unauthorized, validationProblem } from "../../http/problem";
import { clientIp } from "../../http/security";
import { claimSignInAttempt, forgetSignInAttempts, signInFailed } from "./account-sign-in-limit";
import { claimAddressSignIn, signInWasNoFailure } from "./address-sign-in-limit";
import { checkedEndpoints, confirmEmailFieldErrors } from "./auth-bodies";
import { checkSignUp, completeInvitedSignUp } from "./invited-sign-up";
import { endOtherSessions } from "./other-sessions";
import { answerNoSoonerThan, claimResetRequest } from "./password-reset-limit";
import { forgetResetLinks } from "./reset-links";
import { isSsoOnlyAddress } from "../sso/sso-providers";
import { verifyCurrentPassword } from "./current-password";
import { checkDisableTwoFactor, claimSessionCode, codeAttemptFailed, forgetCodeAttempts, spendTotpCode, withEnrolmentExtras } from "./two-factor";

/**
 * The Better Auth endpoints the product uses (`METHOD /path` below /api/auth). Every other one
 * (list-sessions, update-user, verify-password, the HTML error page...) answers 404: each is
 * attack surface no screen needs, and some hand session tokens to scripts.
 */
export const ENABLED_AUTH_ENDPOINTS: ReadonlySet<string> = new Set([
  "POST /sign-up/email",
  "POST /sign-in/email",
  "POST /sign-out",
  "GET /get-session",
  "POST /request-password-reset",
  "POST /reset-password",
  "POST /update-user",
  "POST /change-password",
  "POST /change-email",
  "GET /verify-email",
  // Two-factor sign-in (ADR 019): enrolment and turning it off on the account page, the code step of sign-in.
  "POST /two-factor/enable",
  "POST /two-factor/verify-totp",
  "POST /two-factor/verify-backup-code",
  "POST /two-factor/disable",
]);

/** The code step of a sign-in, or confirming enrolment (with a session). */
const CODE_ENDPOINTS = new Set(["POST /two-factor/verify-totp", "POST /two-factor/verify-backup-code"]);

/**
 * Better Auth's handler behind /api/auth/*, with these things added: only the endpoints above are
 * reachable, the client address is set from the socket (so rate limiting cannot be dodged with
 * X-Forwarded-For), bodies are checked with the same schemas as the forms and only the checked
 * fields are passed on (auth-bodies.ts), sign-in attempts are limited per account and reset links
 * per address as well as per client address, a reset request takes the same time whether or not
 * the address has an account, session tokens are removed from JSON answers (the httpOnly cookie is
 * the only place a token lives, ADR 002), and errors are converted to problem+json, naming the
 * field where Better Auth's refusal concerns one. A password change ends the account's other
 * sessions (other-sessions.ts). Wherever the account's password is asked again (changing the
 * address or the password, turning two-factor sign-in on or off), one limited path checks it first
 * (current-password.ts). Confirming a new address needs the session of the account that
 * asked for it (see confirmEmailUrl). Sign-up follows the sign-up policy and, with an invitation,
 * joins where it leads (invited-sign-up.ts). Two-factor sign-in (two-factor.ts): turning it off
 * needs a current code as well as the password, codes checked with a session are limited per
 * account, an app's code is accepted once, the enrolment answer carries the key and its QR code,
 * and a sign-in's per-account count is cleared only once the session exists (after the code,
 * when the account asks for one).
 */
export function authRoutes(deps: Pick<AppDeps, "auth" | "env" | "db" | "events">) {
  const { auth, env, db } = deps;
  return new Hono().on(["GET", "POST"], "/*", async (c) => {
    const endpoint = `${c.req.method} ${c.req.path.replace(/^\/api\/auth/, "")}`;
    if (!ENABLED_AUTH_ENDPOINTS.has(endpoint)) return problemJson(c, notFound("No such API route"));
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, env.TRUSTED_PROXIES));
    let body = c.req.method === "POST" ? await c.req.text() : undefined;
    let url = c.req.url;
    if (endpoint === "GET /verify-email") {
      const confirm = await confirmEmailUrl(auth, url, headers);
      if (confirm instanceof Problem) return problemJson(c, confirm);
      url = confirm;
    }
    const checked = checkedEndpoints[endpoint];
    let signUp: SignUpInput | undefined;
    if (checked) {
      const parsed = checked.schema.safeParse(safeJson(body));
      if (!parsed.success) return problemJson(c, validationProblem(parsed.error));
      signUp = endpoint === "POST /sign-up/email" ? (parsed.data as SignUpInput) : undefined;
      let forwarded: object = signUp ? await checkSignUp(deps, c, signUp) : parsed.data;
      if (checked.reauthenticates) {
        const password = (parsed.data as Record<string, string>)[checked.reauthenticates.field]!;
        const refused = await verifyCurrentPassword(deps, headers, { ...checked.reauthenticates, password });
        if (refused) return problemJson(c, refused);
      }
      if (endpoint === "POST /two-factor/disable") {
        const refused = await checkDisableTwoFactor(auth, db, headers, parsed.data as DisableTwoFactorInput);
        if (refused) return problemJson(c, refused);
        forwarded = { password: (parsed.data as DisableTwoFactorInput).password };
      }
      if (endpoint === "POST /change-email") forwarded = { newEmail: (parsed.data as ChangeEmailInput).newEmail };
      // What was checked is what Better Auth gets: trimmed values, and nothing the form does not send.
      body = JSON.stringify({ ...forwarded, ...checked.fixed });
      headers.delete("content-length");
    }
    // Better Auth's own limiter leaves sign-in alone (auth.ts): per address and per account here.
    const signingIn = endpoint === "POST /sign-in/email";
    // An address of an SSO-only company's domain has no password to try (ADR 051); a member with
    // an address of another domain is refused by the session hook once the password is right.
    if (signingIn && (await isSsoOnlyAddress(db, emailOf(safeJson(body)) ?? ""))) return problemJson(c, ssoRequired());
    const signInIp = headers.get(CLIENT_IP_HEADER)!;
    if (signingIn) {
      const waitMs = await claimAddressSignIn(db, signInIp);
      if (waitMs > 0) return problemJson(c, tooManyRequests("Too many sign-in attempts from your network. Please try again later.", waitMs / 1000));
    }
    const signInEmail = signingIn ? emailOf(safeJson(body)) : undefined;
    if (signInEmail) {
      const waitMs = await claimSignInAttempt(db, signInEmail);
      if (waitMs > 0) {
        // No password was checked: the address is charged the attempt, not a wrong guess.
        await signInWasNoFailure(db, signInIp);
        return problemJson(c, tooManyRequests("Too many sign-in attempts for this account. Please try again shortly.", waitMs / 1000));
      }
    }
    // Confirming enrolment with a session: counted per account (the plugin counts only sign-in's codes).
    const sessionCode = endpoint === "POST /two-factor/verify-totp" ? await claimSessionCode(auth, db, headers) : undefined;
    if (sessionCode instanceof Problem) return problemJson(c, sessionCode);
    const resetEmail = endpoint === "POST /request-password-reset" ? emailOf(safeJson(body)) : undefined;
    if (resetEmail) {
      const waitMs = await claimResetRequest(db, resetEmail);
      if (waitMs > 0) return problemJson(c, tooManyRequests("Too many reset requests for this address. Please try again later.", waitMs / 1000));
    }
    // Whoever else holds a session (a stolen one, a forgotten device) is out after a password
    // change; this one goes on. Read before the change, so it is the session that proved the password.
    const changingPassword = endpoint === "POST /change-password" ? await auth.api.getSession({ headers }) : null;
    const startedAt = performance.now();
    const response = await auth.handler(new Request(url, { method: c.req.method, headers, body }));
    if (signInEmail) {
      // The password was right but the account asks for a code: the count stays until the code
      // step makes the session, so an attacker who knows the password gains nothing by proving it.
      if (!response.ok) await signInFailed(db, signInEmail);
      if (response.ok && !(await asksForCode(response))) await sessionMadeFor(db, await userOf(response));
    }
    if (signingIn && response.ok) await signInWasNoFailure(db, signInIp);
    if (sessionCode) await (response.ok ? forgetCodeAttempts(db, sessionCode) : codeAttemptFailed(db, sessionCode));
    const totpCode = endpoint === "POST /two-factor/verify-totp" && response.ok ? (safeJson(body) as { code: string }).code : undefined;
    if (sessionCode && totpCode) await spendTotpCode(auth, db, sessionCode, totpCode);
    if (CODE_ENDPOINTS.has(endpoint) && !sessionCode && response.ok) {
      const signedIn = (await response.clone().json().catch(() => null)) as { token?: string; user?: { id?: string } } | null;
      // A code seen once (over a shoulder, by a phishing page) must not sign in again: the session
      // just made is ended, and the challenge is spent, so the password comes first again.
      if (totpCode && signedIn?.user?.id && !(await spendTotpCode(auth, db, signedIn.user.id, totpCode))) {
        if (signedIn.token) await db.delete(sessions).where(eq(sessions.token, signedIn.token));
        return problemJson(c, badRequest(twoFactorMessages.totpCodeReplayedAtSignIn));
      }
      await sessionMadeFor(db, signedIn?.user);
    }
    if (endpoint === "POST /two-factor/enable" && response.ok) return withEnrolmentExtras(response);
    if (changingPassword && response.ok) await endOtherSessions(db, changingPassword.user.id, changingPassword.session.id);
    if (resetEmail && response.ok) {
      await answerNoSoonerThan(startedAt);
      // Better Auth's own wording differs from the form's; one sentence for every address.
      return c.json({ status: true, message: RESET_REQUESTED }, 200);
    }
    if (signUp && response.ok) return withoutSessionToken(await completeInvitedSignUp(deps, headers, signUp, response));
    if (response.ok) return withoutSessionToken(response);
    if (!response.headers.get("content-type")?.includes("json")) return response;
    const { message, code } = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    const fieldErrors = endpoint === "GET /verify-email" ? confirmEmailFieldErrors : checked?.fieldErrors;
    const field = fieldErrors?.[code ?? message ?? ""];
    const problem = field
      ? badRequest(field.message, [field])
      : code === SSO_REQUIRED
        ? ssoRequired()
        : new Problem(
          response.status as 400,
          response.statusText || "Error",
          checked?.messages?.[code ?? ""] ?? (message || (response.status === 429 ? "Too many requests. Please try again later." : "Request failed")),
        );
    const converted = problemJson(c, problem);
    for (const [name, value] of response.headers) {
      if (name !== "content-type" && name !== "content-length") converted.headers.append(name, value);
    }
    return converted;
  });
}
/**
 * The address-change link's request as Better Auth gets it: the checked token alone (no
 * `callbackURL`, so the answer is JSON, not a redirect), and only with a session. Better Auth
 * would otherwise sign in whoever opens the link as the account: a mistyped new address would
 * hand a stranger the account and move it to their address with one click.
 */
async function confirmEmailUrl(auth: Auth, url: string, headers: Headers): Promise<string | Problem> {
  if (!(await auth.api.getSession({ headers }))) return unauthorized(authMessages.confirmNeedsSession);
  const parsed = confirmEmailInputSchema.safeParse({ token: new URL(url).searchParams.get("token") ?? "" });
  if (!parsed.success) return validationProblem(parsed.error);
  const target = new URL(url);
  target.search = new URLSearchParams({ token: parsed.data.token }).toString();
  return target.href;
}

/** The password sign-in's refusal to a member of an SSO-only company: the form offers its provider instead. */
const ssoRequired = () => new Problem(403, "Forbidden", ssoMessages.ssoRequired, undefined, SSO_REQUIRED);

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === "string" && email.length > 0 && email.length <= 254 ? email : undefined;
}

/**
 * A sign-in made its session: the owner knows the password, so the guesses counted against the
 * account and the reset links it was mailed are void.
 */
async function sessionMadeFor(db: AppDeps["db"], user: { id?: unknown; email?: unknown } | undefined): Promise<void> {
  const email = emailOf(user);
  if (email) await forgetSignInAttempts(db, email);
  if (typeof user?.id === "string") await forgetResetLinks(db, user.id);
}

/** The user a successful sign-in answered with. */
async function userOf(response: Response): Promise<{ id?: unknown; email?: unknown } | undefined> {
  const body = (await response.clone().json().catch(() => null)) as { user?: { id?: unknown; email?: unknown } } | null;
  return body?.user;
}

/** Sign-in's answer when the password was right and the account wants a code next (no session yet). */
async function asksForCode(response: Response): Promise<boolean> {
  const body = (await response.clone().json().catch(() => null)) as { twoFactorRedirect?: unknown } | null;
  return body?.twoFactorRedirect === true;
}

function safeJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return undefined;
  }
}

/** Sign-in and sign-up answer `token`, get-session `session.token`: the cookie carries it already. */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("json")) return response;
  const body = (await response.clone().json().catch(() => null)) as { token?: unknown; session?: { token?: unknown } } | null;
  if (!body || typeof body !== "object" || (!("token" in body) && !(body.session && "token" in body.session))) return response;
  delete body.token;
  if (body.session) delete body.session.token;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
}
