import type { SignInInput } from "@/shared/schemas/auth";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { EmailField } from "./email-field";
import { checkSignIn } from "../lib/auth-rules";
import { useAuthForm } from "../lib/use-auth-form";

const fields = ["email", "password"] as const;

/** `fixedEmail`: the address is given (an invitation's) and shown read-only. */
export function SignInForm({ onSubmit, fixedEmail }: { onSubmit: (input: SignInInput) => Promise<void>; fixedEmail?: string }) {
  const form = useAuthForm(fields, checkSignIn);
  const { errors, isSubmitting } = form;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} onChange={form.onChange} className="space-y-4">
      <EmailField id="signin-email" error={errors.email} fixedEmail={fixedEmail} />
      <InputField id="signin-password" label="Password" error={errors.password} name="password" type="password" autoComplete="current-password" />
      <SubmitButton label="Sign In" workingLabel="Signing in..." isSubmitting={isSubmitting} className="w-full" />
    </form>
  );
}
