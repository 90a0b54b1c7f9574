import { PageHeader } from "@/web/components/layout/page-header";
import { InvoiceTable } from "@/web/features/invoices/components/invoice-table";

export function InvoicesRoute() {
  return (
    <div>
      <PageHeader title="Invoices" description="Your company's invoices and their status." />
      <InvoiceTable />
    </div>
  );
}
