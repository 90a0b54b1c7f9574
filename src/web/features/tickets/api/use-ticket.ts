import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** One ticket's detail, with its attachments; the "ticket" event refetches it (root `tickets`). */
export const ticketQueryKey = (id: string) => [queryRoots.tickets, "detail", id] as const;

/** One ticket; another company's or a missing one is a 404 (D11), a malformed id a 400. */
export function useTicket(id: string) {
  return useQuery({
    queryKey: ticketQueryKey(id),
    queryFn: () => api.get("/tickets/:id", { param: { id } }),
  });
}
