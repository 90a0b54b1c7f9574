/**
 * Through the API, which checks the caller may see the invoice, then serves the PDF stored in
 * Portico or, failing that, redirects to the external link saved before files lived here, or
 * renders one from the invoice's data (stored once for an issued invoice; a draft's is a preview).
 * So every invoice has a PDF, and the screens always offer it.
 */
export const invoicePdfHref = (id: string) => `/api/invoices/${id}/pdf`;
