import { useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  return <InviteDialog title={t`Invite admin`} idPrefix="invite-admin" invite={({ email }) => invite.mutateAsync({ email })} />;
}

/** The provider's team: the admins, and the admin invitations still pending. */
export function AdminTeam() {
  const admins = useTeam();
  const invitations = useAdminInvitations();
  const { t } = useLingui();
  useErrorToast(admins.error, { log: "Failed to load the team", toast: t`Error fetching team members` });

  return (
    <div className="space-y-6">
      <TitledCard title={t`Admins`}>
        <QueryStates query={admins} loadError={t`Could not load the admins.`} loading={t`Loading the admins`}>
          {(list) => (
            <Table aria-label={t`Admins`}>
              <TableHeadings names={[t`Name`, t`Email`]} />
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
      <TitledCard title={t`Pending invitations`}>
        <QueryStates query={invitations} loadError={t`Could not load the invitations.`} loading={t`Loading the invitations`}>
          {(pending) => <InvitationList invitations={pending} canManage label={t`Pending admin invitations`} />}
        </QueryStates>
      </TitledCard>
    </div>
  );
}
