import { PageHeader } from "@/web/components/layout/page-header";
import { CustomerList } from "@/web/features/companies/components/admin/customer-list";

export function CustomersRoute() {
  return (
    <>
      <PageHeader title="Customers" description="Every customer company, with its projects and users." />
      <CustomerList />
    </>
  );
}
