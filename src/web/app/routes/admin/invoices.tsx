import { PageHeader } from "../../../components/layout/page-header";
import { InvoiceList } from "../../../features/admin-invoices/components/invoice-list";
import { NewInvoiceDialog } from "../../../features/admin-invoices/components/new-invoice-dialog";

export function AdminInvoicesRoute() {
  return (
    <>
      <PageHeader title="Invoices" description="Invoices of every customer." actions={<NewInvoiceDialog />} />
      <InvoiceList />
    </>
  );
}
