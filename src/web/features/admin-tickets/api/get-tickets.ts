import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TicketPage } from "@/shared/schemas/ticket";
import type { ListParams } from "@/web/components/ui/pagination";
import { apiGet } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export interface TicketListParams extends ListParams {
  projectId?: string;
}

export function useTickets(params: TicketListParams) {
  return useQuery({
    queryKey: [queryRoots.tickets, "list", params],
    queryFn: () =>
      apiGet<TicketPage>("/tickets", { page: params.page, q: params.q, sort: params.sort, projectId: params.projectId }),
    placeholderData: keepPreviousData,
  });
}
