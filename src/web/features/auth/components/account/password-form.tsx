import { useLingui } from "@lingui/react/macro";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { toast } from "@/web/lib/toast";
import { changePassword } from "../../lib/auth-api";
import { checkChangePassword } from "../../lib/auth-rules";
import { useCheckedForm } from "@/web/lib/use-checked-form";

const fields = ["currentPassword", "newPassword"] as const;

export function PasswordForm() {
  const form = useCheckedForm(fields, checkChangePassword);
  const { errors, isSubmitting } = form;
  const { t } = useLingui();

  const onSubmit = form.handleSubmit(async (input, element) => {
    await changePassword(input);
    element.reset();
    toast.success(t`Your password has been changed. Other devices were logged out.`);
  }, t`Could not change your password`);

  return (
    <form noValidate onSubmit={onSubmit} onChange={form.onChange} className="space-y-4">
      <InputField id="account-current-password" label={t`Current password`} error={errors.currentPassword} name="currentPassword" type="password" autoComplete="current-password" required />
      <InputField id="account-new-password" label={t`New password`} error={errors.newPassword} name="newPassword" type="password" autoComplete="new-password" required />
      <SubmitButton label={t`Change password`} workingLabel={t`Changing...`} isSubmitting={isSubmitting} />
    </form>
  );
}
