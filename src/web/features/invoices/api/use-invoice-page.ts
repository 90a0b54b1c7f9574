import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { usePageQuery } from "@/web/lib/use-page-query";

/** One server page of every company's invoices (the admin list), newest created first unless sort=asc. */
export function useInvoicePage(params: ListParams) {
  const { page, q, sort } = params;
  return usePageQuery([queryRoots.invoices, "list", params], () => api.get("/invoices", { query: { page, q, sort } }));
}
