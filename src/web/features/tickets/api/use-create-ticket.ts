import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiBody<"post", "/tickets">) => api.create("/tickets", { json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.tickets] }),
  });
}
