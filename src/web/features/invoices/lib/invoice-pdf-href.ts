import type { Invoice } from "@/shared/schemas/invoice";

/**
 * Through the API, which checks the caller may see the invoice, then serves the PDF stored in
 * Portico or, failing that, redirects to the external link saved before files lived here.
 */
export const invoicePdfHref = (id: string) => `/api/invoices/${id}/pdf`;

/** Whether that leads anywhere: a stored PDF or an external link; otherwise the screens say 'No PDF'. */
export const invoiceHasPdf = (invoice: Pick<Invoice, "pdf" | "pdfUrl">) => !!(invoice.pdf || invoice.pdfUrl);
