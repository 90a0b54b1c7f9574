import { PageHeader } from "../../../components/layout/page-header";
import { CustomerList } from "../../../features/admin-customers/components/customer-list";

export function CustomersRoute() {
  return (
    <>
      <PageHeader title="Customers" description="Every customer company, with its projects and users." />
      <CustomerList />
    </>
  );
}
