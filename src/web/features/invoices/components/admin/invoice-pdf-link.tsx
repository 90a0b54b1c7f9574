import { Trans } from "@lingui/react/macro";
import { Download, ExternalLink } from "lucide-react";
import type { Invoice } from "@/shared/schemas/invoice";
import { PdfButton } from "@/web/components/pdf-button";
import { invoicePdfHref } from "../../lib/invoice-pdf-href";

interface InvoicePdfLinkProps {
  invoice: Pick<Invoice, "id" | "invoiceNumber" | "status">;
  /** What the link says once the invoice is issued: "Open PDF" in a list's row, "Download PDF" on the invoice's PDF card. */
  verb: "open" | "download";
}

/**
 * The invoice's PDF in a new tab, through the API (which checks access and redirects), named for
 * screen readers by its invoice. A draft's is only a preview, rendered on request, and says so.
 */
export function InvoicePdfLink({ invoice, verb }: InvoicePdfLinkProps) {
  const invoiceNumber = invoice.invoiceNumber;
  return (
    <PdfButton href={invoicePdfHref(invoice.id)} icon={verb === "open" ? ExternalLink : Download}>
      {invoice.status === "draft" ? (
        <Trans>
          Preview PDF<span className="sr-only"> of invoice {invoiceNumber} (opens in a new tab)</span>
        </Trans>
      ) : verb === "open" ? (
        <Trans>
          Open PDF<span className="sr-only"> of invoice {invoiceNumber} (opens in a new tab)</span>
        </Trans>
      ) : (
        <Trans>
          Download PDF<span className="sr-only"> of invoice {invoiceNumber} (opens in a new tab)</span>
        </Trans>
      )}
    </PdfButton>
  );
}
