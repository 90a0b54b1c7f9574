import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { UserList } from "@/web/features/users/components/admin/user-list";

export function AdminUsersRoute() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Users`} description={t`Every account: admins and customers, their company, last sign-in, two-factor and status.`} />
      <UserList />
    </>
  );
}
