import { Trans, useLingui } from "@lingui/react/macro";
import { Repeat } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/layout/page-header";
import { Button } from "@/web/components/ui/button";
import { InvoiceList } from "@/web/features/invoices/components/admin/invoice-list";
import { NewInvoiceDialog } from "@/web/features/invoices/components/admin/new-invoice-dialog";

export function AdminInvoicesRoute() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Invoices`}
        description={t`Invoices of every customer.`}
        actions={
          <>
            {/* The recurring invoices' way in: the admin bar has no room for another entry. */}
            <Button asChild variant="outline">
              <Link to="/admin/invoices/recurring">
                <Repeat className="h-4 w-4" aria-hidden />
                <Trans context="invoices page link">Recurring</Trans>
              </Link>
            </Button>
            <NewInvoiceDialog />
          </>
        }
      />
      <InvoiceList />
    </>
  );
}
