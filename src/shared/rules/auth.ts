/** Limits and messages of sign-in and sign-up, shared by src/shared/schemas/auth.ts and the web's plain checks. */
export { EMAIL_MAX, INVALID_EMAIL } from "./common";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX = 200;

export const authMessages = {
  passwordRequired: "Password is required",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: "Password is too long",
  nameRequired: "Full name is required",
  nameTooLong: "Full name is too long",
  nameUnstorable: "Full name cannot contain a NUL character",
  currentPasswordWrong: "Current password is incorrect",
  currentPasswordTooManyGuesses: "Too many wrong passwords. Please try again later.",
  resetLinkInvalid: "This reset link is invalid, already used or expired. Ask for a new one.",
  sameEmail: "This is already your email address",
  confirmLinkInvalid: "This confirmation link is invalid, already used or expired. Ask for a new one from your account page.",
  confirmLinkOtherAccount: "This link belongs to another account. Log out, then sign in as the account that asked for the change.",
  confirmNeedsSession: "Sign in to confirm your new email address.",
} as const;


/** PostgreSQL text cannot hold NUL; Better Auth would answer a 500 for the database's refusal. */
export const hasNul = (text: string) => text.includes("\u0000");

/** How long a password reset link works (Better Auth's resetPasswordTokenExpiresIn, and the mail says so). */
export const RESET_LINK_MINUTES = 60;
/** How long an address-change confirmation link works (Better Auth's emailVerification.expiresIn). */
export const EMAIL_CHANGE_LINK_MINUTES = 60;
/** Better Auth's tokens are 24 characters (reset) or a short JWT (address change); anything longer is not one. */
export const AUTH_TOKEN_MAX = 2048;
export const AUTH_TOKEN_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** What "Forgot password?" answers, whether or not an account has that address (it reveals nothing). */
export const RESET_REQUESTED = "If an account exists for that address, we've sent a link to reset its password.";
