import { useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { type CompanyRole } from "@/shared/enums";
import { INVITATION_VALID_DAYS } from "@/shared/rules/member";
import { DialogFormActions, NewItemDialog } from "@/web/components/new-item-dialog";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { InputField } from "@/web/components/ui/field";
import { ApiError, shownProblemDetail } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { checkInvite } from "../lib/invite-rules";
import { companyRoleMessages } from "@/web/lib/i18n/labels";

/** Member first: the usual choice when inviting a colleague. */
const roleChoices = ["member", "owner"] as const satisfies readonly CompanyRole[];

interface InviteDialogProps {
  /** The button that opens it, and the dialog's title: "Invite colleague", "Invite admin". */
  title: string;
  /** With a Role field (a company invitation) starting at this role; without, an admin invitation. */
  defaultRole?: CompanyRole;
  invite: (input: { email: string; role: CompanyRole }) => Promise<unknown>;
  /** The id prefix of the inputs, unique on the page. */
  idPrefix: string;
}

/**
 * An invitation form in a dialog: the address and, for a company, the role. A refusal the server
 * explains (already a member, already invited) is shown under the address, the dialog still open.
 * Uncontrolled inputs: the dialog's content mounts afresh, blank, at every opening.
 */
export function InviteDialog({ title, defaultRole, invite, idPrefix }: InviteDialogProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [isSubmitting, setSubmitting] = useState(false);
  const emailId = `${idPrefix}-email`;
  const { t } = useLingui();
  const days = INVITATION_VALID_DAYS;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setError(undefined);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const data = new FormData(event.currentTarget);
    const checked = checkInvite(String(data.get("email") ?? ""), String(data.get("role") ?? "member"));
    if (!checked.ok) {
      setError(checked.error);
      document.getElementById(emailId)?.focus();
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await invite(checked.value);
      const email = checked.value.email;
      toast.success(t`Invitation sent to ${email}`);
      onOpenChange(false);
    } catch (failure) {
      const detail = shownProblemDetail(failure);
      const fieldMessage = failure instanceof ApiError ? failure.problem?.errors?.find((problem) => problem.field === "email")?.message : undefined;
      if (failure instanceof ApiError && failure.status < 500 && (fieldMessage ?? detail)) setError(fieldMessage ?? detail);
      else toast.error(t`Could not send the invitation`, detail ? { description: detail } : undefined);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <NewItemDialog trigger={title} title={title} description={t`We mail a link that works for ${days} days.`} open={open} onOpenChange={onOpenChange}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <InputField id={emailId} name="email" label={t`Email`} required type="email" autoComplete="off" autoFocus error={error} />
        {defaultRole ? (
          <EnumSelectField id={`${idPrefix}-role`} name="role" label={t`Role`} defaultValue={defaultRole} values={roleChoices} labels={companyRoleMessages} />
        ) : null}
        <DialogFormActions submitLabel={t`Send invitation`} workingLabel={t`Sending...`} isSubmitting={isSubmitting} />
      </form>
    </NewItemDialog>
  );
}
