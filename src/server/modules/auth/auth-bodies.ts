import type { z } from "zod";
import { authMessages } from "@/shared/rules/auth";
import {
  changeEmailInputSchema,
  changePasswordInputSchema,
  requestPasswordResetInputSchema,
  resetPasswordInputSchema,
  signUpInputSchema,
  updateNameInputSchema,
} from "@/shared/schemas/auth";
import type { FieldError } from "../../http/problem";
import { passwordProblemMessages, type PasswordProblem } from "../../password-policy";
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
}

/** The password policy's refusals (password-policy-hook.ts), as errors of the form's password field. */
const passwordPolicyErrors = (field: string): Record<string, FieldError> =>
  Object.fromEntries(
    (Object.keys(passwordProblemCodes) as PasswordProblem[]).map((problem) => [passwordProblemCodes[problem], { field, message: passwordProblemMessages[problem] }]),
  );

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
    fieldErrors: { INVALID_PASSWORD: { field: "currentPassword", message: authMessages.currentPasswordWrong }, ...passwordPolicyErrors("newPassword") },
  },
  "POST /change-email": {
    schema: changeEmailInputSchema,
    fieldErrors: { "Email is the same": { field: "newEmail", message: authMessages.sameEmail } },
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
