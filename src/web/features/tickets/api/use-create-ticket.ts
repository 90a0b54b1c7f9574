import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTicketInput, Ticket } from "../../../../shared/schemas/ticket";
import { apiPost } from "../../../lib/api";
import { queryRoots } from "../../../lib/query-keys";

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketInput) => apiPost<Ticket>("/tickets", input),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.tickets] }),
  });
}
