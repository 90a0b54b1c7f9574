import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { usePageQuery } from "@/web/lib/use-page-query";

/** The admin Customers table: one server page with project and user counts. */
export function useCompanyPage(params: ListParams) {
  const { page, q, sort } = params;
  return usePageQuery([queryRoots.companies, "list", params], () => api.get("/companies", { query: { page, q, sort } }));
}
