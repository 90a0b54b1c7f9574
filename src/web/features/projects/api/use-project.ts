import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** One project by slug or id (D7); a foreign or missing one is a 404 (D11). */
export function useProject(idOrSlug: string) {
  return useQuery({
    queryKey: [queryRoots.projects, "detail", idOrSlug],
    queryFn: () => api.get("/projects/:id", { param: { id: idOrSlug } }),
  });
}
