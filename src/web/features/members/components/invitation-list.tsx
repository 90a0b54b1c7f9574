import { companyRoleLabels } from "@/shared/enums";
import type { Invitation } from "@/shared/schemas/member";
import { Badge } from "@/web/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { expiryText } from "../lib/team-rules";
import { InvitationActions, TeamTool } from "./lazy-team-tools";

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
          <TeamTool>
            <InvitationActions invitation={invitation} />
          </TeamTool>
        </TableCell>
      ) : null}
    </TableRow>
  );
}
