import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { usePageQuery } from "@/web/lib/use-page-query";

export interface ProjectPageParams extends ListParams {
  companyId?: string;
}

/** One server page of projects, searchable and sorted (the admin lists). */
export function useProjectPage(params: ProjectPageParams) {
  const { page, q, sort, companyId } = params;
  return usePageQuery([queryRoots.projects, "list", params], () => api.get("/projects", { query: { page, q, sort, companyId } }));
}
