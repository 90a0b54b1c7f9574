import { PageHeader } from "@/web/components/layout/page-header";
import { UserList } from "@/web/features/users/components/admin/user-list";

export function AdminUsersRoute() {
  return (
    <>
      <PageHeader title="Users" description="Every account: admins and customers, their company, last sign-in, two-factor and status." />
      <UserList />
    </>
  );
}
