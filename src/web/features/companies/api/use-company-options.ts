import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** Up to 100 companies whose name contains `q`, by name (the server caps it: there may be thousands). */
export function useCompanyOptions(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [queryRoots.companies, "options", q],
    queryFn: () => api.get("/companies/options", { query: { q } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
