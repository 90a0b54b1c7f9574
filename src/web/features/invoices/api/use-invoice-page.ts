import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** One server page of every company's invoices (the admin list), newest created first unless sort=asc. */
export function useInvoicePage(params: ListParams) {
  return useQuery({
    queryKey: [queryRoots.invoices, "list", params],
    queryFn: () => api.get("/invoices", { query: { page: params.page, q: params.q, sort: params.sort } }),
    placeholderData: keepPreviousData,
  });
}
