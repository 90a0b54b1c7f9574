import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Project, UpdateProjectInput } from "@/shared/schemas/project";
import { apiPatch } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export function useUpdateProject(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProjectInput) => apiPatch<Project>(`/projects/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.projects] }),
  });
}
