import type { ProjectStatus } from "@/shared/enums";
import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { usePageQuery } from "@/web/lib/use-page-query";

export interface ProjectFilters {
  companyId?: string;
  status?: ProjectStatus;
  /** A team member's id, or "unassigned". */
  assignedTo?: string;
}

export type ProjectPageParams = ListParams & ProjectFilters;

/** One server page of projects, searchable, filtered and sorted (the admin lists). */
export function useProjectPage(params: ProjectPageParams) {
  const { page, q, sort, companyId, status, assignedTo } = params;
  return usePageQuery([queryRoots.projects, "list", params], () => api.get("/projects", { query: { page, q, sort, companyId, status, assignedTo } }));
}
