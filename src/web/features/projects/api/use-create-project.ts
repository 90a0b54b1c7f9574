import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateProjectInput, Project } from "@/shared/schemas/project";
import { apiPost } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => apiPost<Project>("/projects", input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [queryRoots.projects] }),
        // The Customers table shows each company's project count.
        client.invalidateQueries({ queryKey: [queryRoots.companies] }),
      ]),
  });
}
