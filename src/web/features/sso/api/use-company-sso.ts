import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CompanySsoInput } from "@/shared/schemas/single-sign-on";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

const companySsoKey = (companyId: string) => [queryRoots.companies, "sso", companyId] as const;

/** Admin: a company's identity provider (never its secret), or null. */
export function useCompanySso(companyId: string) {
  return useQuery({ queryKey: companySsoKey(companyId), queryFn: () => api.get("/companies/:id/sso", { param: { id: companyId } }) });
}

export function useSaveCompanySso(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanySsoInput) => api.put("/companies/:id/sso", { param: { id: companyId }, json: input }),
    onSuccess: (saved) => client.setQueryData(companySsoKey(companyId), saved),
  });
}

export function useRemoveCompanySso(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete("/companies/:id/sso", { param: { id: companyId } }),
    onSuccess: () => client.setQueryData(companySsoKey(companyId), null),
  });
}
