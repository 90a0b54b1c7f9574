import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { InvoicePage } from "@/shared/schemas/invoice";
import type { ListParams } from "@/web/components/ui/pagination";
import { apiGet } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** Every company's invoices, newest created first unless sort=asc. */
export function useInvoices(params: ListParams) {
  return useQuery({
    queryKey: [queryRoots.invoices, "list", params],
    queryFn: () => apiGet<InvoicePage>("/invoices", { page: params.page, q: params.q, sort: params.sort }),
    placeholderData: keepPreviousData,
  });
}
