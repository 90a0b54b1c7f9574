import { HeadedPage } from "@/web/components/layout/page-header";
import { InvoiceTable } from "@/web/features/invoices/components/invoice-table";

export function InvoicesRoute() {
  return (
    <HeadedPage title="Invoices" description="Your company's invoices and their status.">
      <InvoiceTable />
    </HeadedPage>
  );
}
