import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TicketPage } from "@/shared/schemas/ticket";
import type { ListParams } from "@/web/components/ui/pagination";
import { apiGet } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export interface TicketPageParams extends ListParams {
  projectId?: string;
}

/** One server page of tickets, searchable and sorted (the admin lists); the previous page stays on screen while the next loads. */
export function useTicketPage(params: TicketPageParams) {
  return useQuery({
    queryKey: [queryRoots.tickets, "list", params],
    queryFn: () =>
      apiGet<TicketPage>("/tickets", { page: params.page, q: params.q, sort: params.sort, projectId: params.projectId }),
    placeholderData: keepPreviousData,
  });
}
