import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export interface ProjectPageParams extends ListParams {
  companyId?: string;
}

/** One server page of projects, searchable and sorted (the admin lists); the previous page stays on screen while the next loads. */
export function useProjectPage(params: ProjectPageParams) {
  return useQuery({
    queryKey: [queryRoots.projects, "list", params],
    queryFn: () =>
      api.get("/projects", { query: { page: params.page, q: params.q, sort: params.sort, companyId: params.companyId } }),
    placeholderData: keepPreviousData,
  });
}
