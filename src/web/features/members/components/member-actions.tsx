import { Trans, useLingui } from "@lingui/react/macro";
import { Check } from "lucide-react";
import type { Member } from "@/shared/schemas/member";
import { Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useChangeMemberRole, useRemoveMember } from "../api/use-team-changes";

/** "Make owner" / "Make member", "Answers quotes" for a member, and "Remove" (after a confirmation). */
export function MemberActions({ companyId, member }: { companyId: string; member: Member }) {
  const changeRole = useChangeMemberRole(companyId);
  const nextRole = member.role === "owner" ? "member" : "owner";
  const { t } = useLingui();
  const name = member.name;

  // Awaited rather than `mutate` callbacks: the row may be gone (a refetch after the change) before
  // the answer arrives, and callbacks of an unmounted observer never run.
  const onChangeRole = async () => {
    try {
      await changeRole.mutateAsync({ userId: member.userId, role: nextRole });
      toast.success(nextRole === "owner" ? t`${name} is now an owner` : t`${name} is now a member`);
    } catch (error) {
      // A company keeps at least one owner: the server says so in its detail.
      toast.error(errorMessage(error, t`Could not change the role`));
    }
  };

  return (
    <div className="flex flex-wrap justify-end gap-2">
      {member.role === "member" ? <AnswersQuotesToggle companyId={companyId} member={member} /> : null}
      <Button variant="outline" size="sm" disabled={changeRole.isPending} onClick={() => void onChangeRole()}>
        {changeRole.isPending ? (
          <Trans>
            Saving...
            <span className="sr-only"> {name}</span>
          </Trans>
        ) : nextRole === "owner" ? (
          <Trans>
            Make owner
            <span className="sr-only"> {name}</span>
          </Trans>
        ) : (
          <Trans>
            Make member
            <span className="sr-only"> {name}</span>
          </Trans>
        )}
      </Button>
      <RemoveMemberDialog companyId={companyId} member={member} />
    </div>
  );
}

/**
 * Whether a member may accept or decline the company's quotes (ADR 049): a pressed toggle, as
 * owners always may and so have none.
 */
function AnswersQuotesToggle({ companyId, member }: { companyId: string; member: Member }) {
  const change = useChangeMemberRole(companyId);
  const { t } = useLingui();
  const name = member.name;
  const allowed = member.answersQuotes;
  const onToggle = async () => {
    try {
      await change.mutateAsync({ userId: member.userId, answersQuotes: !allowed });
      toast.success(allowed ? t`${name} no longer answers quotes` : t`${name} may now accept or decline quotes`);
    } catch (error) {
      toast.error(errorMessage(error, t`Could not change who answers quotes`));
    }
  };
  return (
    <Button variant="outline" size="sm" aria-pressed={allowed} disabled={change.isPending} onClick={() => void onToggle()}>
      {allowed ? <Check className="h-4 w-4" aria-hidden /> : null}
      <Trans>
        Answers quotes
        <span className="sr-only"> ({name})</span>
      </Trans>
    </Button>
  );
}

function RemoveMemberDialog({ companyId, member }: { companyId: string; member: Member }) {
  const remove = useRemoveMember(companyId);
  const { t } = useLingui();
  const name = member.name;
  const email = member.email;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm">
          <Trans>
            Remove
            <span className="sr-only"> {name}</span>
          </Trans>
        </Button>
      }
      title={t`Remove member`}
      description={t`Remove ${name} (${email}) from the company? They lose access to its projects, tickets, invoices and messages at once.`}
      confirmLabel={t`Remove`}
      workingLabel={t`Removing...`}
      destructive
      onConfirm={async () => {
        await remove.mutateAsync(member.userId);
        toast.success(t`${name} was removed from the company`);
      }}
      failureText={(error) => errorMessage(error, t`Could not remove the member`)}
    />
  );
}
