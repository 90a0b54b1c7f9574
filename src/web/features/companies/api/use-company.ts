import { useQuery } from "@tanstack/react-query";
import type { Company } from "@/shared/schemas/company";
import { apiGet } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** One company by id (the admin customer screen). */
export function useCompany(id: string) {
  return useQuery({ queryKey: [queryRoots.companies, "detail", id], queryFn: () => apiGet<Company>(`/companies/${encodeURIComponent(id)}`) });
}
