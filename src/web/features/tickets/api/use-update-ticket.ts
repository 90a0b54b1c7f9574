import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Ticket, UpdateTicketInput } from "@/shared/schemas/ticket";
import { apiPatch } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export function useUpdateTicket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTicketInput) => apiPatch<Ticket>(`/tickets/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.tickets] }),
  });
}
