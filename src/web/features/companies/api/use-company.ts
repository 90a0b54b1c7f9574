import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** One company by id (the admin customer screen). */
export function useCompany(id: string) {
  return useQuery({ queryKey: [queryRoots.companies, "detail", id], queryFn: () => api.get("/companies/:id", { param: { id } }) });
}
