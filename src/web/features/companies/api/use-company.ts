import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

const companyQueryKey = (id: string) => [queryRoots.companies, "detail", id] as const;

/** One company by id (the admin customer screen, and the admin inbox looking for a company's conversation). */
export function useCompany(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: companyQueryKey(id), queryFn: () => api.get("/companies/:id", { param: { id } }), enabled });
}

/** Admin "New Customer": a company nobody belongs to yet. */
export function useCreateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiBody<"post", "/companies">) => api.create("/companies", { json: input }),
    onSuccess: (company) => {
      client.setQueryData(companyQueryKey(company.id), company);
      return client.invalidateQueries({ queryKey: [queryRoots.companies] });
    },
  });
}

/** Admin edit of a company's profile (the whole profile, as the customer's own form sends it). */
export function useUpdateCompany(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiBody<"put", "/companies/:id">) => api.put("/companies/:id", { param: { id }, json: input }),
    onSuccess: (company) => {
      client.setQueryData(companyQueryKey(id), company);
      // Lists, pickers and names shown on projects, tickets and invoices read the company too.
      return Promise.all(
        [queryRoots.companies, queryRoots.projects, queryRoots.tickets, queryRoots.invoices, queryRoots.messages].map((root) =>
          client.invalidateQueries({ queryKey: [root] }),
        ),
      );
    },
  });
}
