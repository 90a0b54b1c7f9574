import { QueryStates } from "@/web/components/layout/record-states";
import { TitledCard } from "@/web/components/ui/card";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";
import { useTeam } from "@/web/features/team";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useAdminInvitations, useInviteAdmin } from "../../api/use-invitations";
import { InviteDialog } from "../invite-dialog";
import { InvitationList } from "../team-section";

/** "Invite admin": an address only; the invitee joins the provider's team. */
export function InviteAdminDialog() {
  const invite = useInviteAdmin();
  return <InviteDialog title="Invite admin" idPrefix="invite-admin" invite={({ email }) => invite.mutateAsync({ email })} />;
}

/** The provider's team: the admins, and the admin invitations still pending. */
export function AdminTeam() {
  const admins = useTeam();
  const invitations = useAdminInvitations();
  useErrorToast(admins.error, { log: "Failed to load the team", toast: "Error fetching team members" });

  return (
    <div className="space-y-6">
      <TitledCard title="Admins">
        <QueryStates query={admins} loadError="Could not load the admins." loading="Loading the admins">
          {(list) => (
            <Table aria-label="Admins">
              <TableHeadings names={["Name", "Email"]} />
              <TableBody>
                {list.map((admin) => (
                  <TableRow key={admin.id}>
                    <TableCell className="font-medium">{admin.name}</TableCell>
                    <TableCell className="break-all">{admin.email}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryStates>
      </TitledCard>
      <TitledCard title="Pending invitations">
        <QueryStates query={invitations} loadError="Could not load the invitations." loading="Loading the invitations">
          {(pending) => <InvitationList invitations={pending} canManage label="Pending admin invitations" />}
        </QueryStates>
      </TitledCard>
    </div>
  );
}
