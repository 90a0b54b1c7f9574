import { useLingui } from "@lingui/react/macro";
import { HeadedPage } from "@/web/components/layout/page-header";
import { Card } from "@/web/components/ui/card";
import { BalanceFigures } from "@/web/features/invoices/components/balance-figures";
import { InvoiceTable } from "@/web/features/invoices/components/invoice-table";

export function InvoicesRoute() {
  const { t } = useLingui();
  return (
    <HeadedPage title={t`Invoices`} description={t`Your company's invoices and their status.`}>
      <div className="space-y-4">
        <Card className="p-4 sm:p-6" role="region" aria-label={t`Balance`}>
          <BalanceFigures />
        </Card>
        <InvoiceTable />
      </div>
    </HeadedPage>
  );
}
