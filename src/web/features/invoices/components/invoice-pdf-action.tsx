import { Trans } from "@lingui/react/macro";
import type { Invoice } from "@/shared/schemas/invoice";
import { PdfButton } from "@/web/components/pdf-button";
import { invoicePdfHref } from "../lib/invoice-pdf-href";

/**
 * The customer's Download (a new tab, through the API's access check; spec: Invoices). 'No PDF' is
 * gone: an invoice without an uploaded PDF or link gets one generated from its data.
 */
export function InvoicePdfAction({ invoice }: { invoice: Pick<Invoice, "id"> }) {
  return (
    <PdfButton href={invoicePdfHref(invoice.id)}>
      <Trans>Download</Trans>
    </PdfButton>
  );
}
