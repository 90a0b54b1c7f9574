import type { InvoiceStatus } from "@/shared/enums";
import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { usePageQuery } from "@/web/lib/use-page-query";

export interface InvoiceListFilters {
  status?: InvoiceStatus | undefined;
  companyId?: string | undefined;
}

/** One server page of every company's invoices (the admin list), newest created first unless sort=asc. */
export function useInvoicePage(params: ListParams & InvoiceListFilters) {
  const { page, q, sort, status, companyId } = params;
  return usePageQuery([queryRoots.invoices, "list", params], () => api.get("/invoices", { query: { page, q, sort, status, companyId } }));
}
