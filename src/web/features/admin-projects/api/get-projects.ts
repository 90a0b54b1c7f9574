import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ProjectPage } from "@/shared/schemas/project";
import type { ListParams } from "@/web/components/ui/pagination";
import { apiGet } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export interface ProjectListParams extends ListParams {
  companyId?: string;
}

export function useProjects(params: ProjectListParams) {
  return useQuery({
    queryKey: [queryRoots.projects, "list", params],
    queryFn: () =>
      apiGet<ProjectPage>("/projects", { page: params.page, q: params.q, sort: params.sort, companyId: params.companyId }),
    placeholderData: keepPreviousData,
  });
}
