import { PageHeader } from "@/web/components/layout/page-header";
import { AdminTeam, InviteAdminDialog } from "@/web/features/members/components/admin/admin-team";

export function AdminTeamRoute() {
  return (
    <>
      <PageHeader title="Team" description="The admins who run the portal, and the invitations to join them." actions={<InviteAdminDialog />} />
      <AdminTeam />
    </>
  );
}
