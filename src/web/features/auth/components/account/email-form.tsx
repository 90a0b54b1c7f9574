import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { changeEmail } from "../../lib/auth-api";
import { checkChangeEmail } from "../../lib/auth-rules";
import { useCheckedForm } from "@/web/lib/use-checked-form";

const fields = ["newEmail", "currentPassword"] as const;

/** Asks for a new address and the password; the address changes once the link mailed to it is opened. */
export function EmailForm({ email }: { email: string }) {
  const form = useCheckedForm(fields, checkChangeEmail);
  const [pending, setPending] = useState<string | undefined>();
  const { errors, isSubmitting } = form;
  const { t } = useLingui();

  const onSubmit = form.handleSubmit(async (input, element) => {
    await changeEmail(input);
    element.reset();
    setPending(input.newEmail);
  }, t`Could not start the address change`);

  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Trans>
          You sign in with <span className="font-medium">{email}</span>.
        </Trans>
      </p>
      {pending ? (
        <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
          <Trans>We sent a confirmation link to {pending}. Your address changes when you open it while signed in here (within an hour).</Trans>
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} onChange={form.onChange} className="space-y-4">
        <InputField id="account-new-email" label={t`New email address`} error={errors.newEmail} name="newEmail" type="email" autoComplete="email" required />
        <InputField id="account-email-password" label={t`Password (to confirm it's you)`} error={errors.currentPassword} name="currentPassword" type="password" autoComplete="current-password" required />
        <SubmitButton label={t`Send confirmation link`} workingLabel={t`Sending...`} isSubmitting={isSubmitting} />
      </form>
    </div>
  );
}
