import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { SignInInput } from "@/shared/schemas/auth";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { errorMessage } from "@/web/lib/api";
import { signIn } from "@/web/lib/session";
import { toast } from "@/web/lib/toast";
import { EmailField } from "./email-field";
import { TwoFactorStep } from "./two-factor-step";
import { checkSignIn } from "../lib/auth-rules";
import { asksForCode } from "../lib/two-factor-api";
import { useCheckedForm } from "@/web/lib/use-checked-form";

const fields = ["email", "password"] as const;

/**
 * Signs in, asking for a code after the password when the account has two-factor sign-in on;
 * `onSignedIn` runs once the session exists. `fixedEmail`: the address is given (an
 * invitation's) and shown read-only.
 */
export function SignInForm({ onSignedIn, fixedEmail }: { onSignedIn: () => Promise<void>; fixedEmail?: string }) {
  const form = useCheckedForm(fields, checkSignIn);
  const [codeStep, setCodeStep] = useState(false);
  const { errors, isSubmitting } = form;
  const { t } = useLingui();

  const onSubmit = form.handleSubmit(async (input: SignInInput) => {
    let answer: unknown;
    try {
      answer = await signIn(input);
    } catch (error) {
      toast.error(errorMessage(error, t`Failed to sign in`));
      return;
    }
    if (asksForCode(answer)) setCodeStep(true);
    else await onSignedIn();
  });

  if (codeStep) return <TwoFactorStep onSignedIn={onSignedIn} onStartOver={() => setCodeStep(false)} />;
  return (
    <form noValidate onSubmit={onSubmit} onChange={form.onChange} className="space-y-4">
      <EmailField id="signin-email" error={errors.email} fixedEmail={fixedEmail} />
      <InputField id="signin-password" label={t`Password`} error={errors.password} name="password" type="password" autoComplete="current-password" />
      <SubmitButton label={t`Sign In`} workingLabel={t`Signing in...`} isSubmitting={isSubmitting} className="w-full" />
    </form>
  );
}
