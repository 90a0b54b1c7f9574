import { PageHeader } from "@/web/components/layout/page-header";
import { CustomerList } from "@/web/features/admin-customers/components/customer-list";

export function CustomersRoute() {
  return (
    <>
      <PageHeader title="Customers" description="Every customer company, with its projects and users." />
      <CustomerList />
    </>
  );
}
