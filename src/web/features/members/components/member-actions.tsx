import type { Member } from "@/shared/schemas/member";
import { Button } from "@/web/components/ui/button";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useChangeMemberRole, useRemoveMember } from "../api/use-team-changes";

/** "Make owner" / "Make member" and "Remove" (after a confirmation) for one member. */
export function MemberActions({ companyId, member }: { companyId: string; member: Member }) {
  const changeRole = useChangeMemberRole(companyId);
  const nextRole = member.role === "owner" ? "member" : "owner";

  // Awaited rather than `mutate` callbacks: the row may be gone (a refetch after the change) before
  // the answer arrives, and callbacks of an unmounted observer never run.
  const onChangeRole = async () => {
    try {
      await changeRole.mutateAsync({ userId: member.userId, role: nextRole });
      toast.success(nextRole === "owner" ? `${member.name} is now an owner` : `${member.name} is now a member`);
    } catch (error) {
      // A company keeps at least one owner: the server says so in its detail.
      toast.error(errorMessage(error, "Could not change the role"));
    }
  };

  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" size="sm" disabled={changeRole.isPending} onClick={() => void onChangeRole()}>
        {changeRole.isPending ? "Saving..." : nextRole === "owner" ? "Make owner" : "Make member"}
        <span className="sr-only"> {member.name}</span>
      </Button>
      <RemoveMemberDialog companyId={companyId} member={member} />
    </div>
  );
}

function RemoveMemberDialog({ companyId, member }: { companyId: string; member: Member }) {
  const remove = useRemoveMember(companyId);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm">
          Remove
          <span className="sr-only"> {member.name}</span>
        </Button>
      }
      title="Remove member"
      description={`Remove ${member.name} (${member.email}) from the company? They lose access to its projects, tickets, invoices and messages at once.`}
      confirmLabel="Remove"
      workingLabel="Removing..."
      destructive
      onConfirm={async () => {
        await remove.mutateAsync(member.userId);
        toast.success(`${member.name} was removed from the company`);
      }}
      failureText={(error) => errorMessage(error, "Could not remove the member")}
    />
  );
}
