import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/layout/page-header";
import { InvoiceStatusBadge } from "@/web/components/status-badges";
import { TitledCard } from "@/web/components/ui/card";
import { useInvoice } from "../../api/use-invoice";
import { InvoiceLineage } from "../invoice-lineage";
import type { InvoiceDetail } from "../invoice-lines-table";
import { InvoiceEditForm } from "./invoice-edit-form";
import { isIssued } from "../../lib/invoice-lifecycle";
import { InvoiceLifecycleActions } from "./invoice-lifecycle-actions";
import { InvoicePaymentsCard } from "./invoice-payments-card";
import { InvoicePdfCard } from "./invoice-pdf-card";

/** The invoice a re-issued one replaces: the detail names it by id, so its number is read from its own record. */
function useReplacedInvoice(replacesId: string | null) {
  const original = useInvoice(replacesId ?? "", { enabled: !!replacesId });
  return replacesId && original.data ? { id: replacesId, invoiceNumber: original.data.invoiceNumber } : null;
}

function InvoiceSubtitle({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Link to={`/admin/customers/${invoice.company.id}`} className="font-medium text-foreground hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center">
        {invoice.company.name}
      </Link>
      <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
    </span>
  );
}

/** One invoice for an admin: who it bills, its status and the moves it allows, its payments once issued, its fields, lines and PDF. */
export function AdminInvoiceDetail({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useLingui();
  const replaces = useReplacedInvoice(invoice.replacesId);
  const invoiceNumber = invoice.invoiceNumber;
  return (
    <>
      <PageHeader title={t`Invoice ${invoiceNumber}`} description={<InvoiceSubtitle invoice={invoice} />} actions={<InvoiceLifecycleActions invoice={invoice} />} />
      <div className="mb-6">
        <InvoiceLineage replaces={replaces} replacedBy={invoice.replacedBy} basePath="/admin/invoices" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {isIssued(invoice.status) ? <InvoicePaymentsCard invoice={invoice} /> : null}
          <TitledCard title={t`Details`}>
            <InvoiceEditForm key={`${invoice.id}:${invoice.updatedAt}`} invoice={invoice} />
          </TitledCard>
        </div>
        <InvoicePdfCard invoice={invoice} />
      </div>
    </>
  );
}
