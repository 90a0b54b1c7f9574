import { createOTP } from "@better-auth/utils/otp";
import { APIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import QRCode from "qrcode";
import { BACKUP_CODE_PATTERN, twoFactorMessages } from "@/shared/rules/two-factor";
import type { DisableTwoFactorInput } from "@/shared/schemas/auth";
import { TOTP_DIGITS, TOTP_PERIOD, type Auth } from "../../auth";
import { claimBackoffAttempt, resetCounter, restartWait, type BackoffPolicy } from "../../db/rate-counter";
import type { Database } from "../../db/client";
import { twoFactors } from "../../db/schema";
import { badRequest, type Problem, tooManyRequests, unauthorized } from "../../http/problem";

/**
 * Codes checked with a session (confirming enrolment, turning two-factor sign-in off), per
 * account. Better Auth's plugin counts wrong codes per account only at sign-in; with a session it
 * counts nothing, so a stolen session plus a known password could guess the code that turns
 * two-factor sign-in off at the per-address rate (3 per 10 s) from every address it has. The same
 * backoff as sign-in (account-sign-in-limit.ts): 5 free, then 2 s doubling to at most 60 s.
 */
export const TWO_FACTOR_CODE_BACKOFF: BackoffPolicy = {
  free: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 60 * 60 * 1000,
};

const keyOf = (userId: string) => `two-factor-code:${userId}`;
const tooManyCodes = (waitMs: number) => tooManyRequests("Too many wrong codes for this account. Please try again shortly.", waitMs / 1000);

/** 0 when a code may be checked for this account now (and counts it), else the milliseconds to wait. */
export const claimCodeAttempt = (db: Database, userId: string) => claimBackoffAttempt(db, keyOf(userId), TWO_FACTOR_CODE_BACKOFF);
export const codeAttemptFailed = (db: Database, userId: string) => restartWait(db, keyOf(userId));
export const forgetCodeAttempts = (db: Database, userId: string) => resetCounter(db, keyOf(userId));

/**
 * A code checked with a session (confirming enrolment): counted per account before Better Auth
 * sees it. Answers the account's id to settle the count with once the answer is known, or the
 * refusal; undefined without a session (a sign-in's code step, which the plugin counts itself).
 */
export async function claimSessionCode(auth: Auth, db: Database, headers: Headers): Promise<string | Problem | undefined> {
  const session = await auth.api.getSession({ headers });
  if (!session) return undefined;
  const waitMs = await claimCodeAttempt(db, session.user.id);
  return waitMs > 0 ? tooManyCodes(waitMs) : session.user.id;
}

/**
 * Turning two-factor sign-in off needs the password and a current code; Better Auth's disable
 * asks for the password only. The password has been checked before (verifyCurrentPassword, in
 * auth.routes.ts), so a wrong one spends no backup code. The code is the authenticator app's, or
 * a backup code (for an owner whose phone is lost: it is spent, and the rest go with the secret).
 * Undefined when the code is right.
 */
export async function checkDisableTwoFactor(auth: Auth, db: Database, headers: Headers, input: DisableTwoFactorInput): Promise<Problem | undefined> {
  const session = await auth.api.getSession({ headers });
  if (!session) return unauthorized();
  // Also keeps an enrolment that was never confirmed from being confirmed (and the session
  // replaced) by the code check below.
  if (!session.user.twoFactorEnabled) return badRequest(twoFactorMessages.twoFactorNotOn);
  const userId = session.user.id;
  const waitMs = await claimCodeAttempt(db, userId);
  if (waitMs > 0) return tooManyCodes(waitMs);
  const refused = async (problem: Problem) => {
    await codeAttemptFailed(db, userId);
    return problem;
  };
  const isBackupCode = BACKUP_CODE_PATTERN.test(input.code);
  const codeRight = isBackupCode
    ? await accepted(() => auth.api.verifyBackupCode({ body: { code: input.code, disableSession: true }, headers }))
    : await accepted(() => auth.api.verifyTOTP({ body: { code: input.code }, headers }));
  if (codeRight === "not-enabled") return badRequest(twoFactorMessages.twoFactorNotOn);
  if (codeRight && !isBackupCode && !(await spendTotpCode(auth, db, userId, input.code))) {
    return refused(badRequest(twoFactorMessages.totpCodeUsed, [{ field: "code", message: twoFactorMessages.totpCodeUsed }]));
  }
  if (!codeRight) {
    const message = isBackupCode ? twoFactorMessages.backupCodeWrong : twoFactorMessages.totpCodeWrong;
    return refused(badRequest(message, [{ field: "code", message }]));
  }
  await forgetCodeAttempts(db, userId);
  return undefined;
}

/**
 * Better Auth accepts an app's code for one period either side of now and does not remember it.
 * Each account keeps the time step of the last code accepted (enrolment's included), and a code is
 * accepted only for a later step: the same code again, or an older one seen over a shoulder or by
 * a phishing page, is refused even while Better Auth would still take it.
 */
const PERIOD_MS = TOTP_PERIOD * 1000;
/** Better Auth checked the code a moment ago, possibly in the previous period: one step more behind. */
const STEPS_BEHIND = 2;
const STEPS_AHEAD = 1;

/**
 * Called once Better Auth has accepted `code` for the account: true when its time step is later
 * than the last accepted one (and records it, in one statement, so two requests with the same code
 * cannot both pass), false for a step at or before it.
 */
export async function spendTotpCode(auth: Auth, db: Database, userId: string, code: string): Promise<boolean> {
  const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row) return false;
  const step = await stepOf(auth, row.secret, code);
  if (step === undefined) return false;
  const claimed = await db
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step))))
    .returning({ id: twoFactors.id });
  return claimed.length > 0;
}

/** The latest time step near now whose code is `code`, for the secret as the plugin stored it (encrypted with AUTH_SECRET). */
async function stepOf(auth: Auth, storedSecret: string, code: string): Promise<number | undefined> {
  const { secretConfig } = await auth.$context;
  const otp = createOTP(await symmetricDecrypt({ key: secretConfig, data: storedSecret }), { digits: TOTP_DIGITS, period: TOTP_PERIOD });
  const now = Math.floor(Date.now() / PERIOD_MS);
  for (let step = now + STEPS_AHEAD; step >= now - STEPS_BEHIND; step -= 1) {
    if ((await otp.hotp(step)) === code) return step;
  }
  return undefined;
}

const NOT_ENABLED = new Set(["TOTP_NOT_ENABLED", "BACKUP_CODES_NOT_ENABLED", "TWO_FACTOR_NOT_ENABLED"]);

/** True when Better Auth's check passed, false when it refused, "not-enabled" when there is nothing to check against. */
async function accepted(check: () => Promise<unknown>): Promise<boolean | "not-enabled"> {
  try {
    await check();
    return true;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return NOT_ENABLED.has(String(error.body?.code)) ? "not-enabled" : false;
  }
}

/** What the account page needs besides Better Auth's enable answer: the key to type, and the QR code of the otpauth URI. */
export async function withEnrolmentExtras(response: Response): Promise<Response> {
  const body = (await response.clone().json()) as { totpURI?: unknown; backupCodes?: unknown };
  if (typeof body.totpURI !== "string") return response;
  const secret = new URL(body.totpURI).searchParams.get("secret") ?? "";
  // Drawn here, so the browser downloads no QR library (ADR 019); an <img> shows the data URL.
  const svg = await QRCode.toString(body.totpURI, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ totpURI: body.totpURI, secret, qrCode, backupCodes: body.backupCodes }), { status: response.status, headers });
}
