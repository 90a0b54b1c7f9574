import { PageHeader } from "@/web/components/layout/page-header";
import { AuditLog } from "@/web/features/audit/components/admin/audit-log";

export function AdminAuditRoute() {
  return (
    <>
      <PageHeader title="Audit log" description="Sign-ins, account security changes, roles, invitations and exports across the portal, newest first." />
      <AuditLog />
    </>
  );
}
