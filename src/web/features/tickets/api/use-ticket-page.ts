import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { usePageQuery } from "@/web/lib/use-page-query";

export interface TicketPageParams extends ListParams {
  projectId?: string;
}

/** One server page of tickets, searchable and sorted (the admin lists). */
export function useTicketPage(params: TicketPageParams) {
  const { page, q, sort, projectId } = params;
  return usePageQuery([queryRoots.tickets, "list", params], () => api.get("/tickets", { query: { page, q, sort, projectId } }));
}
