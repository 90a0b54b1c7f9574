import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

export function useUpdateProject(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiBody<"patch", "/projects/:id">) => api.patch("/projects/:id", { param: { id }, json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.projects] }),
  });
}
