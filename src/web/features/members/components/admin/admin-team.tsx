import { TitledCard } from "@/web/components/ui/card";
import { LoadError } from "@/web/components/ui/load-error";
import { Spinner } from "@/web/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { useTeam } from "@/web/features/team";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useAdminInvitations, useInviteAdmin } from "../../api/use-invitations";
import { InvitationList } from "../invitation-list";
import { InviteDialog } from "../invite-dialog";

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
        {admins.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading the admins" />
          </div>
        ) : admins.isError ? (
          <LoadError message="Could not load the admins." onRetry={() => void admins.refetch()} />
        ) : (
          <Table aria-label="Admins">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Email</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {admins.data.map((admin) => (
                <TableRow key={admin.id}>
                  <TableCell className="font-medium">{admin.name}</TableCell>
                  <TableCell className="break-all">{admin.email}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </TitledCard>
      <TitledCard title="Pending invitations">
        {invitations.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading the invitations" />
          </div>
        ) : invitations.isError ? (
          <LoadError message="Could not load the invitations." onRetry={() => void invitations.refetch()} />
        ) : (
          <InvitationList invitations={invitations.data} canManage label="Pending admin invitations" />
        )}
      </TitledCard>
    </div>
  );
}
