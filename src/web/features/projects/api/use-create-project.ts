import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiBody<"post", "/projects">) => api.create("/projects", { json: input }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [queryRoots.projects] }),
        // The Customers table shows each company's project count.
        client.invalidateQueries({ queryKey: [queryRoots.companies] }),
      ]),
  });
}
