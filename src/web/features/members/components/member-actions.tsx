import { useState } from "react";
import type { Member } from "@/shared/schemas/member";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "@/web/components/ui/dialog";
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
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const remove = useRemoveMember(companyId);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setFailure(undefined);
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync(member.userId);
      toast.success(`${member.name} was removed from the company`);
      setOpen(false);
    } catch (error) {
      setFailure(errorMessage(error, "Could not remove the member"));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Remove
          <span className="sr-only"> {member.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Remove member"
        description={`Remove ${member.name} (${member.email}) from the company? They lose access to its projects, tickets, invoices and messages at once.`}
      >
        {failure ? (
          <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => void onRemove()}>
            {remove.isPending ? "Removing..." : "Remove"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
