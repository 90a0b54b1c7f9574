import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody, ApiOutput } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

export const myCompanyQueryKey = [queryRoots.companies, "mine"] as const;

/** The customer's company (null before the profile is created) and its Active Projects count. */
export function useMyCompany() {
  return useQuery({
    queryKey: myCompanyQueryKey,
    queryFn: () => api.get("/companies/mine"),
  });
}

/** Creates the company (and the membership) or updates it; the answer says which happened. */
export function useSaveCompanyProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiBody<"put", "/companies/mine">) => api.put("/companies/mine", { json: input }),
    onSuccess: async (result) => {
      client.setQueryData<ApiOutput<"get", "/companies/mine">>(myCompanyQueryKey, (old) => ({
        company: result.company,
        activeProjectCount: old?.activeProjectCount ?? 0,
      }));
      if (result.created) {
        // The user now belongs to a company: the session user and every scoped list change.
        await Promise.all(
          [queryRoots.me, queryRoots.projects, queryRoots.tickets, queryRoots.invoices, queryRoots.messages].map((root) =>
            client.invalidateQueries({ queryKey: [root] }),
          ),
        );
      }
      await client.invalidateQueries({ queryKey: [queryRoots.companies] });
    },
  });
}
