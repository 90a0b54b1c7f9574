import { PageHeader } from "@/web/components/layout/page-header";
import { InvoiceList } from "@/web/features/invoices/components/admin/invoice-list";
import { NewInvoiceDialog } from "@/web/features/invoices/components/admin/new-invoice-dialog";

export function AdminInvoicesRoute() {
  return (
    <>
      <PageHeader title="Invoices" description="Invoices of every customer." actions={<NewInvoiceDialog />} />
      <InvoiceList />
    </>
  );
}
