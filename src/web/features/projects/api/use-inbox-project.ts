import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * Makes the project its company's inbox for support mail (ADR 044), or with `false` an ordinary
 * project again. Every project query is refreshed: the project that was the inbox before lost it.
 */
export function useInboxProject(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (inbox: boolean) => {
      if (inbox) await api.put("/projects/:id/inbox", { param: { id } });
      else await api.delete("/projects/:id/inbox", { param: { id } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.projects] }),
  });
}
