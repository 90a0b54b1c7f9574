/** Through the API, which checks the caller may see the quote: a draft's preview, the document sent, or the accepted one with its signature block. */
export const quotePdfHref = (id: string) => `/api/quotes/${id}/pdf`;
