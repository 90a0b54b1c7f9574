import { PageHeader } from "@/web/components/layout/page-header";
import { CustomerList } from "@/web/features/companies/components/admin/customer-list";
import { NewCustomerDialog } from "@/web/features/companies/components/admin/new-customer-dialog";

export function CustomersRoute() {
  return (
    <>
      <PageHeader title="Customers" description="Every customer company, with its projects and users." actions={<NewCustomerDialog />} />
      <CustomerList />
    </>
  );
}
