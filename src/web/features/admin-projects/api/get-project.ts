import { useQuery } from "@tanstack/react-query";
import type { Project } from "@/shared/schemas/project";
import { apiGet } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** By slug or id (D7). */
export function useProject(idOrSlug: string) {
  return useQuery({
    queryKey: [queryRoots.projects, "detail", idOrSlug],
    queryFn: () => apiGet<Project>(`/projects/${encodeURIComponent(idOrSlug)}`),
  });
}
