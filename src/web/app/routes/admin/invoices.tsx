import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { InvoiceList } from "@/web/features/invoices/components/admin/invoice-list";
import { NewInvoiceDialog } from "@/web/features/invoices/components/admin/new-invoice-dialog";

export function AdminInvoicesRoute() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Invoices`} description={t`Invoices of every customer.`} actions={<NewInvoiceDialog />} />
      <InvoiceList />
    </>
  );
}
