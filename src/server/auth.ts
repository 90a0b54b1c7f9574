import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { twoFactor } from "better-auth/plugins";
import { apiKey } from "@better-auth/api-key";
import { API_TOKEN_NAME_MAX, API_TOKEN_PREFIX, API_TOKEN_SHOWN_CHARACTERS } from "../shared/rules/api-token";
import { EMAIL_CHANGE_LINK_MINUTES, RESET_LINK_MINUTES } from "../shared/rules/auth";
import { SSO_REQUIRED, ssoMessages } from "../shared/rules/single-sign-on";
import { userMessages } from "../shared/rules/user";
import { PASSWORD_MIN_LENGTH } from "../shared/schemas/auth";
import type { Database } from "./db/client";
import { accounts, apiTokens, profiles, rateLimits, sessions, twoFactors, verifications } from "./db/schema";
import type { Env } from "./env";
import { mailLocale, mailLocaleColumns, mailLocaleOf } from "./mail/mail-locale";
import type { MailOutbox } from "./mail/outbox";
import { passwordHasher, verifyPassword } from "./password";
import { forgetSignInAttempts } from "./modules/auth/account-sign-in-limit";
import { passwordPolicyHook } from "./modules/auth/password-policy-hook";
import { forgetResetLinks } from "./modules/auth/reset-links";
import { recordAudit } from "./modules/audit/audit-log";
import { addressChangeOf, authAuditPlugin } from "./modules/audit/auth-audit-plugin";
import { isSsoOnlyMember } from "./modules/sso/sso-providers";
import { isSsoSessionBeingMade, ssoSessionPlugin } from "./modules/sso/sso-session-plugin";
import { processLogger, type Logger } from "./observability/logger";
import { browserLocaleOf } from "./http/browser-locale";

/**
 * The only header Better Auth reads the client address from. The server always overwrites it
 * with the socket address (or the forwarded address when the peer is a trusted proxy), so a
 * client cannot pick its own rate-limit bucket by sending X-Forwarded-For.
 */
export const CLIENT_IP_HEADER = "x-portico-client-ip";

const DAY = 60 * 60 * 24;
/** Rolling expiry (seconds): a session lives a week from its last renewal, renewed at most daily. */
export const SESSION_EXPIRES_IN = 7 * DAY;
export const SESSION_UPDATE_AGE = DAY;
/**
 * Absolute lifetime (seconds): however active, a session ends 30 days after its sign-in and the
 * user signs in again (ASVS 7.3.2). Better Auth has no such limit; http/session.ts enforces it.
 */
export const SESSION_MAX_LIFETIME = 30 * DAY;

/** Authenticator-app codes: the usual 6 digits every 30 seconds (what every app assumes). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD = 30;
/** Single-use backup codes handed out once, at enrolment. */
export const BACKUP_CODE_COUNT = 10;

/** Where a mailed link lands: a page of the web app, which then calls the API (a GET changes nothing). */
export const webLink = (env: Pick<Env, "BASE_URL">, path: string, token: string) => `${env.BASE_URL}${path}?token=${encodeURIComponent(token)}`;

/**
 * `brandName` is the name in use (modules/settings/brand.ts): the password policy refuses it in
 * passwords. Scripts that make accounts outside a server pass none and get BRAND_NAME.
 */
export function createAuth(db: Database, env: Env, outbox: MailOutbox, log: Logger = processLogger(), brandName: () => string = () => env.BRAND_NAME) {
  return betterAuth({
    appName: env.BRAND_NAME,
    // Better Auth's own notes ("Invalid password") as our JSON lines. Its extra arguments are left
    // out, since they could hold a request's data; an Error among them is kept (message and stack).
    logger: {
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error);
        // The API key plugin reports every refused token (unknown, expired, over its limit) as an
        // error; each is a caller's mistake, answered 401 or 429, not a fault of the server.
        const noted = level === "error" && message.startsWith("Failed to validate API key") ? "info" : level;
        log[noted]({ event: "auth.note", ...(err ? { err } : {}) }, `Better Auth: ${message}`);
      },
    },
    baseURL: env.BASE_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.BASE_URL],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: profiles, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits, twoFactor: twoFactors, apikey: apiTokens },
    }),
    user: {
      fields: { name: "fullName" },
      // A new address takes effect once the link mailed to it is opened (emailVerification below);
      // never straight away, even for an account whose current address nobody verified.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    emailVerification: {
      // Better Auth calls this for the change-email link only here: sign-up and sign-in send no
      // verification mail, and the endpoint that would send one on request is not enabled.
      sendVerificationEmail: async ({ user, token }) => {
        if (!addressChangeOf(token)) return;
        await outbox.enqueue(db, {
          template: "email-change",
          to: user.email,
          locale: await mailLocaleOf(db, user.id),
          props: { name: user.name, newEmail: user.email, url: webLink(env, "/confirm-email", token), validForMinutes: EMAIL_CHANGE_LINK_MINUTES },
        });
      },
      expiresIn: EMAIL_CHANGE_LINK_MINUTES * 60,
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      password: { hash: passwordHasher(env.PASSWORD_HASH_COST), verify: verifyPassword },
      // Queued, not sent: the outbox worker delivers it (and retries while the mail server is down).
      sendResetPassword: async ({ user, token }) => {
        // A deactivated account could not sign in with a new password: no link, and the same
        // answer as for an unknown address, so the request does not tell that either.
        const [profile] = await db.select({ deactivatedAt: profiles.deactivatedAt, ...mailLocaleColumns }).from(profiles).where(eq(profiles.id, user.id));
        if (profile?.deactivatedAt) return;
        await outbox.enqueue(db, {
          template: "password-reset",
          to: user.email,
          locale: mailLocale(profile),
          props: { name: user.name, url: webLink(env, "/reset-password", token), validForMinutes: RESET_LINK_MINUTES },
        });
      },
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      // Whoever knew the old password (or holds a stolen session) is out once the owner resets it.
      revokeSessionsOnPasswordReset: true,
      // The owner proved they read the mailbox: guesses an attacker made at their account no longer slow them down.
      // The one place that knows whose password the link reset: recorded here rather than in the audit plugin.
      // Any other link the user asked for dies with this one.
      onPasswordReset: async ({ user }, request) => {
        await forgetSignInAttempts(db, user.email);
        await forgetResetLinks(db, user.id);
        await recordAudit(db, {
          kind: "auth.password_reset_completed",
          actorId: user.id,
          actorEmail: user.email,
          target: { type: "user", id: user.id, label: user.email },
          ip: request?.headers.get(CLIENT_IP_HEADER) ?? null,
          userAgent: request?.headers.get("user-agent") ?? null,
        });
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A deactivated account gets no session, however it signs in (password, a second factor,
          // sign-in after a password reset): 403 with a sentence the sign-in form shows as it is.
          before: async (session) => {
            const [user] = await db.select({ deactivatedAt: profiles.deactivatedAt }).from(profiles).where(eq(profiles.id, session.userId));
            if (user?.deactivatedAt) throw new APIError("FORBIDDEN", { message: userMessages.deactivated, code: "ACCOUNT_DEACTIVATED" });
            // A member of an SSO-only company signs in through its identity provider alone (ADR
            // 051): a right password, a code step or a sign-up makes no session for them.
            if (!isSsoSessionBeingMade() && (await isSsoOnlyMember(db, session.userId))) {
              throw new APIError("FORBIDDEN", { message: ssoMessages.ssoRequired, code: SSO_REQUIRED });
            }
          },
          // The admin Users list's "last sign-in", and the language the browser asks for: what mail
          // to the user is written in until they pick one on the account page (ADR 032).
          after: async (session, context) => {
            const browserLocale = browserLocaleOf(context?.request?.headers ?? context?.headers);
            await db
              .update(profiles)
              .set({ lastSignedInAt: sql`now()`, ...(browserLocale ? { browserLocale } : {}) })
              .where(eq(profiles.id, session.userId));
          },
        },
      },
    },
    // Rolling expiry: a session used at least once a week never expires; its expiry moves at most daily.
    session: { expiresIn: SESSION_EXPIRES_IN, updateAge: SESSION_UPDATE_AGE },
    // Sign-in is limited per address and per account by our routes instead (auth.routes.ts):
    // Better Auth's 3 per 10 s per address refused an office signing in at 9:00 (ADR 012).
    rateLimit: { enabled: true, storage: "database", window: 60, max: 100, customRules: { "/sign-in/email": false } },
    hooks: { before: passwordPolicyHook(brandName) },
    plugins: [
      // Two-factor sign-in with an authenticator app (TOTP) and single-use backup codes (ADR 019).
      twoFactor({
        issuer: env.BRAND_NAME,
        totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD },
        backupCodeOptions: { amount: BACKUP_CODE_COUNT, storeBackupCodes: "encrypted" },
        // "Trust this device for 30 days" on the code step.
        trustDeviceMaxAge: 30 * DAY,
        // The password step's answer is good for 10 minutes of typing a code.
        twoFactorCookieMaxAge: 10 * 60,
        // 10 wrong codes in a row (any challenge, either kind of code) lock the account's code
        // step for 15 minutes; each challenge also allows only 5 tries (the plugin's default).
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
      // API tokens (ADR 030): the plugin makes, hashes, stores and checks them, and records each
      // one's last use. Our routes (modules/api-tokens) decide who may make which; the plugin's own
      // HTTP endpoints are switched off below, and its session-from-header hook stays off: the
      // session guard (http/session.ts) resolves a bearer token to its owner itself. Its limiter
      // stays off too: its window restarts only after a quiet minute, so a script well under the
      // limit on average was refused once its total reached it; the guard counts fixed minutes.
      apiKey({
        defaultPrefix: API_TOKEN_PREFIX,
        maximumNameLength: API_TOKEN_NAME_MAX,
        startingCharactersConfig: { shouldStore: true, charactersLength: API_TOKEN_SHOWN_CHARACTERS },
        rateLimit: { enabled: false },
        enableSessionForAPIKeys: false,
      }),
      // After twoFactor: its hook decides whether a right password is a sign-in or waits for a code.
      authAuditPlugin(db, CLIENT_IP_HEADER),
      // The session of a single sign-on, once modules/sso has checked the provider's answer (ADR 051).
      ssoSessionPlugin(),
    ],
    // The API key plugin's endpoints would let any signed-in person make a token of any scope and
    // lifetime: tokens are made and revoked through /api/tokens, which holds our rules.
    disabledPaths: ["/api-key/create", "/api-key/get", "/api-key/update", "/api-key/delete", "/api-key/list"],
    advanced: {
      // Better Auth skips its own Origin check when NODE_ENV=test; say it plainly, so the tests
      // run the check production runs (our CSRF middleware checks Origin before it as well).
      disableOriginCheck: false,
      cookiePrefix: "portico",
      useSecureCookies: env.BASE_URL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: "uuid" },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
