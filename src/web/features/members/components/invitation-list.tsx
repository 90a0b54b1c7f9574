import { companyRoleLabels } from "@/shared/enums";
import type { Invitation } from "@/shared/schemas/member";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useResendInvitation, useRevokeInvitation } from "../api/use-invitations";
import { expiryText } from "../lib/team-rules";

interface InvitationListProps {
  invitations: Invitation[];
  /** Resend and Revoke, for whoever may manage the team. */
  canManage: boolean;
  /** The invitations' accessible name: "Pending invitations". */
  label: string;
}

/** Pending invitations: the address, the role offered, when the link expires, and what may be done about it. */
export function InvitationList({ invitations, canManage, label }: InvitationListProps) {
  if (invitations.length === 0) return <p className="py-2 text-sm text-muted-foreground">No pending invitations</p>;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Link</TableHead>
          {canManage ? (
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} canManage={canManage} />
        ))}
      </TableBody>
    </Table>
  );
}

function InvitationRow({ invitation, canManage }: { invitation: Invitation; canManage: boolean }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const busy = resend.isPending || revoke.isPending;

  // Awaited rather than `mutate` callbacks: a revoked row leaves the list (and unmounts) before
  // the answer may have been handled.
  const onResend = async () => {
    try {
      await resend.mutateAsync(invitation.id);
      toast.success(`Invitation sent again to ${invitation.email}`);
    } catch (error) {
      toast.error(errorMessage(error, "Could not resend the invitation"));
    }
  };
  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(invitation.id);
      toast.success(`Invitation to ${invitation.email} revoked`);
    } catch (error) {
      toast.error(errorMessage(error, "Could not revoke the invitation"));
    }
  };

  return (
    <TableRow>
      <TableCell className="font-medium break-all">
        {invitation.email}
        {invitation.invitedBy ? <span className="block text-xs font-normal text-muted-foreground">Invited by {invitation.invitedBy}</span> : null}
      </TableCell>
      <TableCell>{invitation.companyRole ? companyRoleLabels[invitation.companyRole] : "Admin"}</TableCell>
      <TableCell>{invitation.expired ? <Badge tone="red">{expiryText(invitation)}</Badge> : expiryText(invitation)}</TableCell>
      {canManage ? (
        <TableCell>
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" disabled={busy} onClick={() => void onResend()}>
              {resend.isPending ? "Sending..." : "Resend"}
              <span className="sr-only"> the invitation to {invitation.email}</span>
            </Button>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => void onRevoke()}>
              {revoke.isPending ? "Revoking..." : "Revoke"}
              <span className="sr-only"> the invitation to {invitation.email}</span>
            </Button>
          </div>
        </TableCell>
      ) : null}
    </TableRow>
  );
}
