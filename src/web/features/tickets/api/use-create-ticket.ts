import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTicketInput, Ticket } from "@/shared/schemas/ticket";
import { apiPost } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketInput) => apiPost<Ticket>("/tickets", input),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.tickets] }),
  });
}
