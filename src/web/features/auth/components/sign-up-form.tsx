import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { SignUpInput } from "@/shared/schemas/auth";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { EmailField } from "./email-field";
import { FormFailure, formFailureAria } from "./form-failure";
import { checkSignUp } from "../lib/auth-rules";
import { useCheckedForm } from "@/web/lib/use-checked-form";

const fields = ["name", "email", "password"] as const;

/**
 * `onSubmit` throws when the account could not be made: the reason shows under the form and in a
 * toast. `fixedEmail`: the address is given (an invitation's) and shown read-only.
 */
export function SignUpForm({ onSubmit, fixedEmail }: { onSubmit: (input: SignUpInput) => Promise<void>; fixedEmail?: string }) {
  const form = useCheckedForm(fields, checkSignUp);
  const [failure, setFailure] = useState<string>();
  const failureId = useId();
  const { errors, isSubmitting } = form;
  const { t } = useLingui();
  const submit = async (input: SignUpInput) => {
    setFailure(undefined);
    try {
      await onSubmit(input);
    } catch (error) {
      const message = errorMessage(error, t`Failed to sign up`);
      toast.error(message);
      setFailure(message);
    }
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} onChange={form.onChange} className="space-y-4" {...formFailureAria(failureId, failure)}>
      <InputField id="signup-name" label={t`Full Name`} error={errors.name} name="name" autoComplete="name" />
      <EmailField id="signup-email" error={errors.email} fixedEmail={fixedEmail} />
      <InputField id="signup-password" label={t`Password`} error={errors.password} name="password" type="password" autoComplete="new-password" />
      <SubmitButton label={t`Create Account`} workingLabel={t`Creating account...`} isSubmitting={isSubmitting} className="w-full" />
      <FormFailure id={failureId} message={failure} />
    </form>
  );
}
