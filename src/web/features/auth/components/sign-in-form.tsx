import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { SignInInput } from "@/shared/schemas/auth";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { errorMessage } from "@/web/lib/api";
import { signIn } from "@/web/lib/session";
import { toast } from "@/web/lib/toast";
import { EmailField } from "./email-field";
import { FormFailure, formFailureAria } from "./form-failure";
import type { TwoFactorStep } from "./two-factor-step";
import { checkSignIn } from "../lib/auth-rules";
import { useCheckedForm } from "@/web/lib/use-checked-form";

const fields = ["email", "password"] as const;

/** Sign-in's answer when the password was right and the account asks for a code next. */
const asksForCode = (answer: unknown) => typeof answer === "object" && answer !== null && (answer as { twoFactorRedirect?: unknown }).twoFactorRedirect === true;

type CodeStep = typeof TwoFactorStep;

/*
 * The code step (its form, rules and requests) is fetched when the server asks for a code: the
 * sign-in page's first paint carries only the password form. The form stays busy ("Signing in...")
 * while it arrives.
 */
let codeStep: Promise<CodeStep> | undefined;
const loadCodeStep = () =>
  (codeStep ??= import("./two-factor-step").then(
    (module) => module.TwoFactorStep,
    (error: unknown) => {
      // The next sign-in asks again (offline, or a deploy renamed the chunk).
      codeStep = undefined;
      throw error;
    },
  ));

/**
 * Signs in, asking for a code after the password when the account has two-factor sign-in on;
 * `onSignedIn` runs once the session exists. `fixedEmail`: the address is given (an
 * invitation's) and shown read-only.
 */
export function SignInForm({ onSignedIn, fixedEmail }: { onSignedIn: () => Promise<void>; fixedEmail?: string }) {
  const form = useCheckedForm(fields, checkSignIn);
  const [CodeStep, setCodeStep] = useState<CodeStep>();
  const [failure, setFailure] = useState<string>();
  const failureId = useId();
  const { errors, isSubmitting } = form;
  const { t } = useLingui();

  const onSubmit = form.handleSubmit(async (input: SignInInput) => {
    setFailure(undefined);
    let answer: unknown;
    try {
      answer = await signIn(input);
    } catch (error) {
      const message = errorMessage(error, t`Failed to sign in`);
      toast.error(message);
      setFailure(message);
      return;
    }
    if (!asksForCode(answer)) return onSignedIn();
    try {
      const step = await loadCodeStep();
      setCodeStep(() => step);
    } catch (error) {
      console.error("Failed to load the two-factor step", error);
      toast.error(t`Failed to sign in`);
    }
  });

  if (CodeStep) return <CodeStep onSignedIn={onSignedIn} onStartOver={() => setCodeStep(undefined)} />;
  return (
    <form noValidate onSubmit={onSubmit} onChange={form.onChange} className="space-y-4" {...formFailureAria(failureId, failure)}>
      <EmailField id="signin-email" error={errors.email} fixedEmail={fixedEmail} />
      <InputField id="signin-password" label={t`Password`} error={errors.password} name="password" type="password" autoComplete="current-password" />
      <SubmitButton label={t`Sign In`} workingLabel={t`Signing in...`} isSubmitting={isSubmitting} className="w-full" />
      <FormFailure id={failureId} message={failure} />
    </form>
  );
}
