import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

/** How many of the caller's tickets (matching a search) are in each status, exactly (the board's column counts). */
export function useTicketStatusCounts(params: { projectId?: string; q?: string } = {}) {
  return useQuery({
    queryKey: [queryRoots.tickets, "status-counts", params],
    queryFn: () => loggedLoad("ticket counts", () => api.get("/tickets/status-counts", { query: { projectId: params.projectId, q: params.q || undefined } })),
  });
}
