/** The admin list's filters that the CSV export takes too (everything but the page). */
export interface InvoiceExportFilters {
  status?: string | undefined;
  companyId?: string | undefined;
  q?: string | undefined;
  sort?: string | undefined;
}

/**
 * The export of what the list shows: a plain link, so the browser downloads the streamed file
 * itself (the server names it) rather than the page holding it all in memory. The default order
 * is left out, as the list's URL leaves it out.
 */
export function invoiceExportHref({ status, companyId, q, sort }: InvoiceExportFilters): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (companyId) params.set("companyId", companyId);
  if (q?.trim()) params.set("q", q.trim());
  if (sort && sort !== "desc") params.set("sort", sort);
  const query = params.toString();
  return query ? `/api/invoices/export?${query}` : "/api/invoices/export";
}
