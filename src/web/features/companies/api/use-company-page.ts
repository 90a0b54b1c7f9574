import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CompanyPage } from "@/shared/schemas/company";
import type { ListParams } from "@/web/components/ui/pagination";
import { apiGet } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** The admin Customers table: one server page with project and user counts. */
export function useCompanyPage(params: ListParams) {
  return useQuery({
    queryKey: [queryRoots.companies, "list", params],
    queryFn: () => apiGet<CompanyPage>("/companies", { page: params.page, q: params.q, sort: params.sort }),
    // Keep the previous page on screen while the next one loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });
}
