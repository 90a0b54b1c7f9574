import { z } from "zod";
import { authMessages, EMAIL_MAX, FULL_NAME_MAX, INVALID_EMAIL, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../rules/auth";

export { PASSWORD_MIN_LENGTH };

export const signInInputSchema = z.object({
  email: z.email(INVALID_EMAIL),
  password: z.string().min(1, authMessages.passwordRequired),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const signUpInputSchema = z.object({
  name: z.string().trim().min(1, authMessages.nameRequired).max(FULL_NAME_MAX, authMessages.nameTooLong),
  email: z.email(INVALID_EMAIL).max(EMAIL_MAX),
  password: z.string().min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort).max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;
