import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { AuditLog } from "@/web/features/audit/components/admin/audit-log";

export function AdminAuditRoute() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Audit log`} description={t`Sign-ins, account security changes, roles, invitations and exports across the portal, newest first.`} />
      <AuditLog />
    </>
  );
}
