import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { AdminTeam, InviteAdminDialog } from "@/web/features/members/components/admin/admin-team";

export function AdminTeamRoute() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Team`} description={t`The admins who run the portal, and the invitations to join them.`} actions={<InviteAdminDialog />} />
      <AdminTeam />
    </>
  );
}
