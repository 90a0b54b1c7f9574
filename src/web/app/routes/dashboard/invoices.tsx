import { PageHeader } from "../../../components/layout/page-header";
import { InvoiceTable } from "../../../features/invoices/components/invoice-table";

export function InvoicesRoute() {
  return (
    <div>
      <PageHeader title="Invoices" description="Your company's invoices and their status." />
      <InvoiceTable />
    </div>
  );
}
