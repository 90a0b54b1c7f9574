import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 6;

export const signInInputSchema = z.object({
  email: z.email("Enter a valid email address"),
  password: z.string().min(1, "Password is required"),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const signUpInputSchema = z.object({
  name: z.string().trim().min(1, "Full name is required").max(200, "Full name is too long"),
  email: z.email("Enter a valid email address").max(254),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(128, "Password is too long"),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;
