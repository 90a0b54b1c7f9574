/** Through the API, which checks the caller may see the invoice before redirecting to the PDF. */
export const invoicePdfHref = (id: string) => `/api/invoices/${id}/pdf`;
