import { useQuery } from "@tanstack/react-query";
import type { Company } from "@/shared/schemas/company";
import { apiGet } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export const companyDetailKey = (id: string) => [queryRoots.companies, "detail", id] as const;

export function useCompany(id: string) {
  return useQuery({ queryKey: companyDetailKey(id), queryFn: () => apiGet<Company>(`/companies/${encodeURIComponent(id)}`) });
}
