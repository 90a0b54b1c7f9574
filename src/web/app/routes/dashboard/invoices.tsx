import { HeadedPage } from "@/web/components/layout/page-header";
import { Card } from "@/web/components/ui/card";
import { BalanceFigures } from "@/web/features/invoices/components/balance-figures";
import { InvoiceTable } from "@/web/features/invoices/components/invoice-table";

export function InvoicesRoute() {
  return (
    <HeadedPage title="Invoices" description="Your company's invoices and their status.">
      <div className="space-y-4">
        <Card className="p-4 sm:p-6" role="region" aria-label="Balance">
          <BalanceFigures />
        </Card>
        <InvoiceTable />
      </div>
    </HeadedPage>
  );
}
