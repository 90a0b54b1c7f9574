import type { z } from "zod";
import { authMessages } from "@/shared/rules/auth";
import { requestPasswordResetInputSchema, resetPasswordInputSchema, signUpInputSchema } from "@/shared/schemas/auth";
import type { FieldError } from "../../http/problem";

/**
 * A Better Auth endpoint whose JSON body is checked by our schema before Better Auth sees it: a
 * bad body answers 400 naming the field, and only the checked fields are passed on (Better Auth
 * would also act on fields no form sends: `image`, `callbackURL`, `redirectTo`…).
 */
export interface CheckedEndpoint {
  schema: z.ZodType<object>;
  /** Fields Better Auth gets whatever the client sent. */
  fixed?: Record<string, unknown>;
  /** Better Auth's refusals (by error code) that concern one field, as the form should show them. */
  fieldErrors?: Record<string, FieldError>;
}

const invalidResetLink: FieldError = { field: "token", message: authMessages.resetLinkInvalid };

export const checkedEndpoints: Record<string, CheckedEndpoint> = {
  "POST /sign-up/email": { schema: signUpInputSchema },
  "POST /request-password-reset": { schema: requestPasswordResetInputSchema },
  "POST /reset-password": {
    schema: resetPasswordInputSchema,
    fieldErrors: { INVALID_TOKEN: invalidResetLink, USER_NOT_FOUND: invalidResetLink },
  },
};
