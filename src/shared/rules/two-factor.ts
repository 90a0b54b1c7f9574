/**
 * Two-factor sign-in's rules and messages (ADR 019), apart from auth.ts: the account page's
 * shared rules load on every customer's first visit of it, these only once a two-factor form is open.
 */
export const twoFactorMessages = {
  passwordWrong: "Password is incorrect",
  totpCodeInvalid: "Enter the 6-digit code from your authenticator app",
  totpCodeWrong: "That code is not right. Check your authenticator app and try again.",
  totpCodeUsed: "That code has been used already. Wait for the next code in your authenticator app.",
  totpCodeReplayedAtSignIn: "That code has been used already. Sign in again with your password and the next code in your authenticator app.",
  disableCodeInvalid: "Enter the 6-digit code from your authenticator app, or a backup code",
  backupCodeInvalid: "Enter a backup code like ABcd1-23EfG",
  backupCodeWrong: "That backup code is not right, or it has been used already",
  twoFactorAlreadyOn: "Two-factor sign-in is already on for this account",
  twoFactorNotOn: "Two-factor sign-in is not on for this account",
  twoFactorChallengeExpired: "Your sign-in has expired. Enter your email and password again.",
  twoFactorTooManyTries: "Too many wrong codes. Enter your email and password again.",
  twoFactorLocked: "Too many wrong codes for this account. Please try again in 15 minutes.",
} as const;

/** An authenticator app's code: 6 digits (spaces typed between them are dropped). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A backup code as the plugin makes them: 5 letters or digits, a dash, 5 more. */
export const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;
/**
 * The codes as typed: the same characters with spaces anywhere between them, which `withoutSpaces`
 * removes. The server checks these before removing the spaces, so the OpenAPI document shows the
 * pattern a program may send (a check after the transform would not reach it).
 */
export const TYPED_TOTP_CODE_PATTERN = /^\s*(?:\d\s*){6}$/;
export const TYPED_BACKUP_CODE_PATTERN = /^\s*(?:[A-Za-z0-9]\s*){5}-\s*(?:[A-Za-z0-9]\s*){5}$/;
/** Turning two-factor sign-in off takes either. */
export const TYPED_ANY_CODE_PATTERN = new RegExp(`${TYPED_TOTP_CODE_PATTERN.source}|${TYPED_BACKUP_CODE_PATTERN.source}`);
/** What the code fields accept: a code with its spaces removed. */
export const withoutSpaces = (text: string) => text.replace(/\s+/g, "");
