import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { SignInInput } from "@/shared/schemas/auth";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { SSO_REQUIRED } from "@/shared/rules/single-sign-on";
import type { SsoDiscovery } from "@/shared/schemas/single-sign-on";
import { discoverSso, SsoSignInButton } from "@/web/features/sso";
import { ApiError, errorMessage } from "@/web/lib/api";
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

/** Worth asking the server how an address signs in: it looks like one (the server checks it properly). */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

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
  // How the typed address signs in, by its domain (ADR 051): its company's identity provider may
  // or must sign it in; the password refusal of an SSO-only member says "required" too.
  const [sso, setSso] = useState<{ email: string; sso: SsoDiscovery["sso"] }>();
  const checkSso = async (email: string) => {
    if (!looksLikeEmail(email)) return setSso(undefined);
    try {
      setSso({ email, ...(await discoverSso(email)) });
    } catch {
      // The password sign-in still works; the server has the last word either way.
      setSso(undefined);
    }
  };

  const onSubmit = form.handleSubmit(async (input: SignInInput) => {
    setFailure(undefined);
    let answer: unknown;
    try {
      answer = await signIn(input);
    } catch (error) {
      if (error instanceof ApiError && error.problem?.code === SSO_REQUIRED) setSso({ email: input.email, sso: "required" });
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
    <form
      noValidate
      onSubmit={onSubmit}
      onChange={form.onChange}
      onBlur={(event) => {
        const input = event.target;
        if (input instanceof HTMLInputElement && input.name === "email") void checkSso(input.value.trim());
      }}
      className="space-y-4"
      {...formFailureAria(failureId, failure)}
    >
      <EmailField id="signin-email" error={errors.email} fixedEmail={fixedEmail} />
      <InputField id="signin-password" label={t`Password`} error={errors.password} name="password" type="password" autoComplete="current-password" />
      <SubmitButton label={t`Sign In`} workingLabel={t`Signing in...`} isSubmitting={isSubmitting} className="w-full" />
      <FormFailure id={failureId} message={failure} />
      {sso && sso.sso !== "none" ? (
        <div className="space-y-2 rounded-md border border-border bg-muted p-3">
          <p role="status" className="text-sm">
            {sso.sso === "required" ? t`Your company signs in with single sign-on: its identity provider, not a password.` : t`Your company can sign you in with its identity provider.`}
          </p>
          <SsoSignInButton email={sso.email} label={t`Continue with your company's SSO`} />
        </div>
      ) : null}
    </form>
  );
}
