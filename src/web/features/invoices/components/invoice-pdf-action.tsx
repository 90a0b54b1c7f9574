import { Trans } from "@lingui/react/macro";
import { Download } from "lucide-react";
import type { Invoice } from "@/shared/schemas/invoice";
import { Button } from "@/web/components/ui/button";
import { invoicePdfHref } from "../lib/invoice-pdf-href";

/**
 * The customer's Download (a new tab, through the API's access check; spec: Invoices). 'No PDF' is
 * gone: an invoice without an uploaded PDF or link gets one generated from its data.
 */
export function InvoicePdfAction({ invoice }: { invoice: Pick<Invoice, "id"> }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={invoicePdfHref(invoice.id)} target="_blank" rel="noopener noreferrer">
        <Download className="h-4 w-4" aria-hidden />
        <Trans>Download</Trans>
      </a>
    </Button>
  );
}
