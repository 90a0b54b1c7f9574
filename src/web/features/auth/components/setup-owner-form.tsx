import { Trans, useLingui } from "@lingui/react/macro";
import type { SetupOwnerInput } from "@/shared/schemas/setup";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { EmailField } from "./email-field";
import { checkSetupOwner } from "../lib/auth-rules";
import { useCheckedForm } from "@/web/lib/use-checked-form";

const fields = ["name", "email", "password", "code"] as const;

/** /setup, step 1: the owner's account (the sign-up rules) and the setup code from the server's log. */
export function SetupOwnerForm({ onSubmit }: { onSubmit: (input: SetupOwnerInput) => Promise<void> }) {
  const form = useCheckedForm(fields, checkSetupOwner);
  const { errors, isSubmitting } = form;
  const { t } = useLingui();
  // A wrong code or a taken address shows under its field; anything else as a toast.
  const submit = form.handleSubmit(onSubmit, t`Failed to create the owner account`);
  return (
    <form noValidate onSubmit={submit} onChange={form.onChange} className="space-y-4">
      <InputField id="setup-name" label={t`Full Name`} error={errors.name} name="name" autoComplete="name" />
      <EmailField id="setup-email" error={errors.email} />
      <InputField id="setup-password" label={t`Password`} error={errors.password} name="password" type="password" autoComplete="new-password" />
      <InputField id="setup-code" label={t`Setup code`} error={errors.code} name="code" autoComplete="off" spellCheck={false} placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XX" />
      <p className="text-sm text-muted-foreground">
        <Trans>The server printed the setup code to its log when it started.</Trans>
      </p>
      <SubmitButton label={t`Create owner account`} workingLabel={t`Creating account...`} isSubmitting={isSubmitting} className="w-full" />
    </form>
  );
}
