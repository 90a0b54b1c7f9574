import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { RESET_REQUESTED } from "@/shared/rules/auth";
import { Button, SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { requestPasswordReset } from "../lib/auth-api";
import { checkRequestReset } from "../lib/auth-rules";
import { useCheckedForm } from "@/web/lib/use-checked-form";

const fields = ["email"] as const;

/** "Forgot password?": one address in, the same answer out whether or not it has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useCheckedForm(fields, checkRequestReset);
  const [sent, setSent] = useState(false);
  const { errors, isSubmitting } = form;
  const { t } = useLingui();
  // A constant of the shared rules (the server answers it too): translated with those.
  const requested = RESET_REQUESTED;

  const onSubmit = form.handleSubmit(async (input) => {
    await requestPasswordReset(input);
    setSent(true);
  }, t`Could not send the reset link`);

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">
          <Trans>Reset your password</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Enter the email address you sign in with. We will mail you a link to choose a new password.</Trans>
        </p>
      </div>
      {sent ? (
        <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
          <Trans>{requested} The link works for one hour.</Trans>
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} onChange={form.onChange} className="space-y-4">
          <InputField id="forgot-email" label={t`Email`} error={errors.email} name="email" type="email" autoComplete="email" autoFocus />
          <SubmitButton label={t`Send reset link`} workingLabel={t`Sending...`} isSubmitting={isSubmitting} className="w-full" />
        </form>
      )}
      <Button variant="ghost" className="w-full" onClick={onBack}>
        <Trans>Back to sign in</Trans>
      </Button>
    </div>
  );
}
