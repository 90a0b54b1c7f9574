import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, RotateCcw } from "lucide-react";
import { toast } from "@/web/lib/toast";
import type { Invoice } from "@/shared/schemas/invoice";
import { Button } from "@/web/components/ui/button";
import { shownProblemDetail } from "@/web/lib/api";
import { useUpdateInvoice } from "../../api/use-update-invoice";
import { hasPayments } from "../../lib/invoice-lifecycle";
import { EditInvoiceDialog } from "./edit-invoice-dialog";
import { InvoicePdfLink } from "./invoice-pdf-link";

/**
 * Open the PDF (through the API, which checks access and redirects), mark paid or unpaid (not once
 * payments stand: the status follows them, ADR 043), and edit.
 * A draft is issued, and a void invoice changed, from its detail page, where the consequences are shown.
 */
export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const { t } = useLingui();
  const updateInvoice = useUpdateInvoice();
  const invoiceNumber = invoice.invoiceNumber;
  const next = invoice.status === "paid" ? "unpaid" : "paid";

  const toggleStatus = async () => {
    try {
      await updateInvoice.mutateAsync({ id: invoice.id, input: { status: next } });
      toast.success(next === "paid" ? t`Invoice marked as paid` : t`Invoice marked as unpaid`);
    } catch (error) {
      console.error("Error updating invoice", error);
      const detail = shownProblemDetail(error);
      toast.error(detail ? t`Error updating invoice: ${detail}` : t`Error updating invoice`);
    }
  };

  return (
    <div className="flex items-center justify-end gap-2">
      <InvoicePdfLink invoice={invoice} verb="open" />
      {(invoice.status === "unpaid" || invoice.status === "paid") && !hasPayments(invoice) ? (
        <Button variant="ghost" size="sm" disabled={updateInvoice.isPending} onClick={toggleStatus}>
          {next === "paid" ? <CheckCircle2 className="h-4 w-4" aria-hidden /> : <RotateCcw className="h-4 w-4" aria-hidden />}
          {next === "paid" ? (
            <Trans>
              Mark Paid<span className="sr-only"> invoice {invoiceNumber}</span>
            </Trans>
          ) : (
            <Trans>
              Mark Unpaid<span className="sr-only"> invoice {invoiceNumber}</span>
            </Trans>
          )}
        </Button>
      ) : null}
      <EditInvoiceDialog invoice={invoice} />
    </div>
  );
}
