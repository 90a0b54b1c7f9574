import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * The hours logged on a project (ADR 047), for its customers and the team: under the `time` root,
 * which every project event refreshes (a time entry's write announces its project).
 */
export function useProjectTime(projectId: string) {
  return useQuery({
    queryKey: [queryRoots.time, "project", projectId],
    queryFn: () => api.get("/projects/:id/time", { param: { id: projectId } }),
  });
}

/** Admin: the project's hourly rate and monthly budget of hours; null clears either. */
export function useSetProjectTime(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiBody<"put", "/projects/:id/time">) => api.put("/projects/:id/time", { param: { id: projectId }, json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.time] }),
  });
}
