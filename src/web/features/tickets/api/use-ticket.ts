import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** One ticket; another company's or a missing one is a 404 (D11), a malformed id a 400. */
export function useTicket(id: string) {
  return useQuery({
    queryKey: [queryRoots.tickets, "detail", id],
    queryFn: () => api.get("/tickets/:id", { param: { id } }),
  });
}
