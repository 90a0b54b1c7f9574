import type { z } from "zod";
import { authMessages } from "@/shared/rules/auth";
import { twoFactorMessages } from "@/shared/rules/two-factor";
import {
  changeEmailInputSchema,
  changePasswordInputSchema,
  disableTwoFactorInputSchema,
  enableTwoFactorInputSchema,
  requestPasswordResetInputSchema,
  resetPasswordInputSchema,
  signUpInputSchema,
  updateNameInputSchema,
  verifyBackupCodeInputSchema,
  verifyTotpInputSchema,
} from "@/shared/schemas/auth";
import type { FieldError } from "../../http/problem";
import { passwordProblemMessages, type PasswordProblem } from "../../password-policy";
import type { CurrentPasswordCheck } from "./current-password";
import { passwordProblemCodes } from "./password-policy-hook";

/**
 * A Better Auth endpoint whose JSON body is checked by our schema before Better Auth sees it: a
 * bad body answers 400 naming the field, and only the checked fields are passed on (Better Auth
 * would also act on fields no form sends: `image`, `callbackURL`, `redirectTo`…).
 */
export interface CheckedEndpoint {
  schema: z.ZodType<object>;
  /** Fields Better Auth gets whatever the client sent. */
  fixed?: Record<string, unknown>;
  /**
   * Better Auth's refusals that concern one field, as the form should show them: by error code, or
   * by message where Better Auth gives none.
   */
  fieldErrors?: Record<string, FieldError>;
  /** Better Auth's other refusals, by error code, in the words the screens use. */
  messages?: Record<string, string>;
  /**
   * The body's field that holds the account's password, asked again before the change: checked by
   * verifyCurrentPassword (current-password.ts) before Better Auth sees the request.
   */
  reauthenticates?: Omit<CurrentPasswordCheck, "password">;
}

/** The password policy's refusals (password-policy-hook.ts), as errors of the form's password field. */
const passwordPolicyErrors = (field: string): Record<string, FieldError> =>
  Object.fromEntries(
    (Object.keys(passwordProblemCodes) as PasswordProblem[]).map((problem) => [passwordProblemCodes[problem], { field, message: passwordProblemMessages[problem] }]),
  );
const wrongPassword: FieldError = { field: "password", message: twoFactorMessages.passwordWrong };
const currentPassword = { field: "currentPassword", wrongMessage: authMessages.currentPasswordWrong } as const;
const password = { field: "password", wrongMessage: twoFactorMessages.passwordWrong } as const;
/** The code step of a sign-in: what went wrong with the challenge itself (not the code typed). */
const codeStepMessages = {
  INVALID_TWO_FACTOR_COOKIE: twoFactorMessages.twoFactorChallengeExpired,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: twoFactorMessages.twoFactorTooManyTries,
  ACCOUNT_TEMPORARILY_LOCKED: twoFactorMessages.twoFactorLocked,
  TOTP_NOT_ENABLED: twoFactorMessages.twoFactorNotOn,
  BACKUP_CODES_NOT_ENABLED: twoFactorMessages.twoFactorNotOn,
};

const invalidResetLink: FieldError = { field: "token", message: authMessages.resetLinkInvalid };
const invalidConfirmLink: FieldError = { field: "token", message: authMessages.confirmLinkInvalid };

export const checkedEndpoints: Record<string, CheckedEndpoint> = {
  "POST /sign-up/email": { schema: signUpInputSchema, fieldErrors: passwordPolicyErrors("password") },
  "POST /request-password-reset": { schema: requestPasswordResetInputSchema },
  "POST /reset-password": {
    schema: resetPasswordInputSchema,
    fieldErrors: { INVALID_TOKEN: invalidResetLink, USER_NOT_FOUND: invalidResetLink, ...passwordPolicyErrors("newPassword") },
  },
  "POST /update-user": { schema: updateNameInputSchema },
  "POST /change-password": {
    schema: changePasswordInputSchema,
    // The other sessions are ended by auth.routes.ts (other-sessions.ts says why not by Better Auth).
    fixed: { revokeOtherSessions: false },
    reauthenticates: currentPassword,
    fieldErrors: { INVALID_PASSWORD: { field: "currentPassword", message: authMessages.currentPasswordWrong }, ...passwordPolicyErrors("newPassword") },
  },
  "POST /change-email": {
    schema: changeEmailInputSchema,
    reauthenticates: currentPassword,
    fieldErrors: { "Email is the same": { field: "newEmail", message: authMessages.sameEmail } },
  },
  // Two-factor sign-in (ADR 019). Enrolment is by authenticator app only: no `issuer` from the
  // client (the brand is the issuer), no email/SMS method.
  "POST /two-factor/enable": {
    schema: enableTwoFactorInputSchema,
    fixed: { method: "totp" },
    reauthenticates: password,
    fieldErrors: { INVALID_PASSWORD: wrongPassword },
    messages: { TOTP_ALREADY_ENABLED: twoFactorMessages.twoFactorAlreadyOn },
  },
  "POST /two-factor/verify-totp": {
    schema: verifyTotpInputSchema,
    fieldErrors: { INVALID_CODE: { field: "code", message: twoFactorMessages.totpCodeWrong } },
    messages: codeStepMessages,
  },
  // `disableSession` is left out: a code that signs in without a session serves no screen.
  "POST /two-factor/verify-backup-code": {
    schema: verifyBackupCodeInputSchema,
    fieldErrors: { INVALID_BACKUP_CODE: { field: "code", message: twoFactorMessages.backupCodeWrong } },
    messages: codeStepMessages,
  },
  // The code is checked by auth.routes.ts (two-factor.ts) before Better Auth, which gets the password alone.
  "POST /two-factor/disable": {
    schema: disableTwoFactorInputSchema,
    reauthenticates: password,
    fieldErrors: { INVALID_PASSWORD: wrongPassword },
  },
};

/**
 * GET /verify-email carries its token in the query; these refusals of Better Auth's (401s there)
 * concern the token. A link for another account than the signed-in one says so.
 */
export const confirmEmailFieldErrors: Record<string, FieldError> = {
  INVALID_TOKEN: invalidConfirmLink,
  TOKEN_EXPIRED: invalidConfirmLink,
  USER_NOT_FOUND: invalidConfirmLink,
  INVALID_USER: { field: "token", message: authMessages.confirmLinkOtherAccount },
};
