import { useLingui } from "@lingui/react/macro";
import type { ResetPasswordInput } from "@/shared/schemas/auth";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { checkResetPassword } from "../lib/auth-rules";
import { useCheckedForm } from "@/web/lib/use-checked-form";
import { AskForNewLink } from "./ask-for-new-link";

const fields = ["token", "newPassword"] as const;

/** The page a reset mail links to: the token rides along in a hidden input. */
export function ResetPasswordForm({ token, onSubmit }: { token: string; onSubmit: (input: ResetPasswordInput) => Promise<void> }) {
  const form = useCheckedForm(fields, checkResetPassword);
  const { errors, isSubmitting } = form;
  const { t } = useLingui();

  const submit = form.handleSubmit(onSubmit, t`Could not set the new password`);

  return (
    <form noValidate onSubmit={submit} onChange={form.onChange} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      {errors.token ? <AskForNewLink message={errors.token} /> : null}
      <InputField id="reset-new-password" label={t`New password`} error={errors.newPassword} name="newPassword" type="password" autoComplete="new-password" autoFocus />
      <SubmitButton label={t`Set new password`} workingLabel={t`Saving...`} isSubmitting={isSubmitting} className="w-full" />
    </form>
  );
}
