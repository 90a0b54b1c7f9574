import { z } from "zod";
import { invitationTokenSchema } from "./member";
import { storableName } from "./text";
import { AUTH_TOKEN_MAX, AUTH_TOKEN_PATTERN, authMessages, EMAIL_MAX, FULL_NAME_MAX, INVALID_EMAIL, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../rules/auth";
import { TYPED_ANY_CODE_PATTERN, TYPED_BACKUP_CODE_PATTERN, TYPED_TOTP_CODE_PATTERN, twoFactorMessages, withoutSpaces } from "../rules/two-factor";
import { emailAddress } from "./email";

export { PASSWORD_MIN_LENGTH };

export const signInInputSchema = z.object({
  email: emailAddress(INVALID_EMAIL),
  password: z.string().min(1, authMessages.passwordRequired),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

const fullName = storableName(z.string().trim().min(1, authMessages.nameRequired).max(FULL_NAME_MAX, authMessages.nameTooLong));
const email = emailAddress(INVALID_EMAIL).max(EMAIL_MAX);
/** A password being chosen (sign-up, reset, change): the length rules. */
const newPassword = z.string().min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort).max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

/** Sign-up; with `invitationToken` (the invitation page) it also joins where the invitation leads (ADR 015). */
export const signUpInputSchema = z.object({ name: fullName, email, password: newPassword, invitationToken: invitationTokenSchema.optional() });
export type SignUpInput = z.infer<typeof signUpInputSchema>;

/** "Forgot password?": the address to send a reset link to. */
export const requestPasswordResetInputSchema = z.object({ email });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInputSchema>;

/** A token from a mailed link: Better Auth's are letters and digits (reset) or a JWT (address change). */
const mailedToken = (invalid: string) => z.string(invalid).max(AUTH_TOKEN_MAX, invalid).regex(AUTH_TOKEN_PATTERN, invalid);

/** The reset page: the token from the mailed link and the new password. */
export const resetPasswordInputSchema = z.object({ token: mailedToken(authMessages.resetLinkInvalid), newPassword });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** The account page: the name shown across the portal. */
export const updateNameInputSchema = z.object({ name: fullName });
export type UpdateNameInput = z.infer<typeof updateNameInputSchema>;

/** The account page: a new password, proved by the current one (other sessions end). */
/** The password the account signs in with, asked again before a change that could take the account over (address, password, two-factor sign-in). */
const currentPassword = z.string(authMessages.passwordRequired).min(1, authMessages.passwordRequired).max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

export const changePasswordInputSchema = z.object({ currentPassword, newPassword });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/**
 * The account page: the address to move to, proved by the current password (someone at an
 * unlocked screen must not move the account to an address of theirs); it takes effect once the
 * link mailed there is opened.
 */
export const changeEmailInputSchema = z.object({ newEmail: email, currentPassword });
export type ChangeEmailInput = z.infer<typeof changeEmailInputSchema>;

/** The page the address-change mail links to: the token from that link. */
export const confirmEmailInputSchema = z.object({ token: mailedToken(authMessages.confirmLinkInvalid) });
export type ConfirmEmailInput = z.infer<typeof confirmEmailInputSchema>;

/** An authenticator app's 6-digit code; spaces typed between the digits are dropped (checked as typed: the document shows the pattern). */
const totpCode = z.string(twoFactorMessages.totpCodeInvalid).regex(TYPED_TOTP_CODE_PATTERN, twoFactorMessages.totpCodeInvalid).transform(withoutSpaces);
const backupCode = z.string(twoFactorMessages.backupCodeInvalid).regex(TYPED_BACKUP_CODE_PATTERN, twoFactorMessages.backupCodeInvalid).transform(withoutSpaces);
const trustDevice = z.boolean().optional();

/** The account page: turning two-factor sign-in on starts with the password (the answer has the key, the QR code and the backup codes). */
export const enableTwoFactorInputSchema = z.object({ password: currentPassword });
export type EnableTwoFactorInput = z.infer<typeof enableTwoFactorInputSchema>;

/** A code from the authenticator app: confirms enrolment (with a session) or finishes a sign-in (after the password). */
export const verifyTotpInputSchema = z.object({ code: totpCode, trustDevice });

/** A single-use backup code instead of the app's code, to finish a sign-in. */
export const verifyBackupCodeInputSchema = z.object({ code: backupCode, trustDevice });

/** Turning two-factor sign-in off: the password and a current code (the app's, or a backup code when the app is lost). */
export const disableTwoFactorInputSchema = z.object({
  password: currentPassword,
  code: z.string(twoFactorMessages.disableCodeInvalid).regex(TYPED_ANY_CODE_PATTERN, twoFactorMessages.disableCodeInvalid).transform(withoutSpaces),
});
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorInputSchema>;
