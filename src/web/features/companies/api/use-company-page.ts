import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** The admin Customers table: one server page with project and user counts. */
export function useCompanyPage(params: ListParams) {
  return useQuery({
    queryKey: [queryRoots.companies, "list", params],
    queryFn: () => api.get("/companies", { query: { page: params.page, q: params.q, sort: params.sort } }),
    // Keep the previous page on screen while the next one loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });
}
