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
} as const;
