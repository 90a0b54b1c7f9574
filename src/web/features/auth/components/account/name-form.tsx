import { useLingui } from "@lingui/react/macro";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { useRefreshMe } from "@/web/lib/session";
import { toast } from "@/web/lib/toast";
import { updateName } from "../../lib/auth-api";
import { checkUpdateName } from "../../lib/auth-rules";
import { useCheckedForm } from "@/web/lib/use-checked-form";

const fields = ["name"] as const;

export function NameForm({ name }: { name: string }) {
  const form = useCheckedForm(fields, checkUpdateName);
  const refreshMe = useRefreshMe();
  const { errors, isSubmitting } = form;
  const { t } = useLingui();

  const onSubmit = form.handleSubmit(async (input) => {
    await updateName(input);
    await refreshMe();
    toast.success(t`Your name has been saved`);
  }, t`Could not save your name`);

  return (
    <form noValidate onSubmit={onSubmit} onChange={form.onChange} className="space-y-4">
      <InputField id="account-name" label={t`Full name`} error={errors.name} name="name" defaultValue={name} autoComplete="name" required />
      <SubmitButton label={t`Save name`} workingLabel={t`Saving...`} isSubmitting={isSubmitting} />
    </form>
  );
}
