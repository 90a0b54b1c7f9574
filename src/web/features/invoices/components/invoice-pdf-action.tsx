import { Download } from "lucide-react";
import type { Invoice } from "@/shared/schemas/invoice";
import { Button } from "@/web/components/ui/button";
import { invoiceHasPdf, invoicePdfHref } from "../lib/invoice-pdf-href";

/** The customer's Download (a new tab, through the API's access check), or 'No PDF' (spec: Invoices). */
export function InvoicePdfAction({ invoice }: { invoice: Pick<Invoice, "id" | "invoiceNumber" | "pdf" | "pdfUrl"> }) {
  if (!invoiceHasPdf(invoice)) return <span className="text-sm text-muted-foreground">No PDF</span>;
  return (
    <Button asChild variant="outline" size="sm">
      <a href={invoicePdfHref(invoice.id)} target="_blank" rel="noopener noreferrer">
        <Download className="h-4 w-4" aria-hidden />
        Download
      </a>
    </Button>
  );
}
