import { useLingui } from "@lingui/react/macro";
import type { SignUpInput } from "@/shared/schemas/auth";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { EmailField } from "./email-field";
import { checkSignUp } from "../lib/auth-rules";
import { useCheckedForm } from "@/web/lib/use-checked-form";

const fields = ["name", "email", "password"] as const;

/** `fixedEmail`: the address is given (an invitation's) and shown read-only. */
export function SignUpForm({ onSubmit, fixedEmail }: { onSubmit: (input: SignUpInput) => Promise<void>; fixedEmail?: string }) {
  const form = useCheckedForm(fields, checkSignUp);
  const { errors, isSubmitting } = form;
  const { t } = useLingui();
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} onChange={form.onChange} className="space-y-4">
      <InputField id="signup-name" label={t`Full Name`} error={errors.name} name="name" autoComplete="name" />
      <EmailField id="signup-email" error={errors.email} fixedEmail={fixedEmail} />
      <InputField id="signup-password" label={t`Password`} error={errors.password} name="password" type="password" autoComplete="new-password" />
      <SubmitButton label={t`Create Account`} workingLabel={t`Creating account...`} isSubmitting={isSubmitting} className="w-full" />
    </form>
  );
}
