import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export interface TicketPageParams extends ListParams {
  projectId?: string;
}

/** One server page of tickets, searchable and sorted (the admin lists); the previous page stays on screen while the next loads. */
export function useTicketPage(params: TicketPageParams) {
  return useQuery({
    queryKey: [queryRoots.tickets, "list", params],
    queryFn: () =>
      api.get("/tickets", { query: { page: params.page, q: params.q, sort: params.sort, projectId: params.projectId } }),
    placeholderData: keepPreviousData,
  });
}
