import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { CustomerList } from "@/web/features/companies/components/admin/customer-list";
import { NewCustomerDialog } from "@/web/features/companies/components/admin/new-customer-dialog";

export function CustomersRoute() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Customers`} description={t`Every customer company, with its projects and users.`} actions={<NewCustomerDialog />} />
      <CustomerList />
    </>
  );
}
