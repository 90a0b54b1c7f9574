import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { PageHeader } from "@/web/components/layout/page-header";
import { InvoiceStatusBadge } from "@/web/components/status-badges";
import { TitledCard } from "@/web/components/ui/card";
import { useInvoice } from "../../api/use-invoice";
import { InvoiceBody } from "../invoice-body";
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

/** One invoice for an admin: who it bills, its status and the moves it allows, its payments once issued, what it says (a draft's as a form), and its PDF. */
export function AdminInvoiceDetail({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useLingui();
  const replaces = useReplacedInvoice(invoice.replacesId);
  const invoiceNumber = invoice.invoiceNumber;
  return (
    <>
      <PageHeader title={t`Invoice ${invoiceNumber}`} description={<InvoiceSubtitle invoice={invoice} />} actions={<InvoiceLifecycleActions invoice={invoice} />} />
      <div className="mb-6">
        <InvoiceLineage replaces={replaces} replacedBy={invoice.replacedBy} basePath="/admin/invoices" fromQuote={invoice.quote} />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {isIssued(invoice.status) ? <InvoicePaymentsCard invoice={invoice} /> : null}
          {isIssued(invoice.status) ? (
            <IssuedInvoiceDetails invoice={invoice} />
          ) : (
            <TitledCard title={t`Details`}>
              <InvoiceEditForm key={`${invoice.id}:${invoice.updatedAt}`} invoice={invoice} />
            </TitledCard>
          )}
        </div>
        <InvoicePdfCard invoice={invoice} />
      </div>
    </>
  );
}

/**
 * An issued invoice reads as the customer's does: what it says, no inputs. Edit opens the fields
 * it may still change (due date, notes, PDF URL; the rest shown locked), in place.
 */
function IssuedInvoiceDetails({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const edit = (
    <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
      <Pencil className="h-4 w-4" aria-hidden />
      <Trans>Edit</Trans>
    </Button>
  );
  return (
    <TitledCard title={t`Details`} actions={editing ? undefined : edit}>
      {editing ? (
        <InvoiceEditForm key={`${invoice.id}:${invoice.updatedAt}`} invoice={invoice} onDone={() => setEditing(false)} />
      ) : (
        <div className="space-y-6">
          <InvoiceBody invoice={invoice} />
        </div>
      )}
    </TitledCard>
  );
}
