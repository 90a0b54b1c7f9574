import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

export interface TicketListParams {
  projectId?: string;
}

/**
 * The customer's tickets (all of them in one answer, the server scopes them to the company),
 * optionally of one project. Load failures are only logged (spec section 8).
 */
export function useTickets(params: TicketListParams = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [queryRoots.tickets, "list", params],
    queryFn: () => loggedLoad("tickets", () => api.get("/tickets", { query: { projectId: params.projectId } })),
    enabled: options.enabled ?? true,
  });
}
