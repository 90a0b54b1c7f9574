import type { TicketPriority, TicketStatus } from "@/shared/enums";
import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { usePageQuery } from "@/web/lib/use-page-query";

export interface TicketPageParams extends ListParams {
  projectId?: string;
  status?: TicketStatus;
  priority?: TicketPriority;
  /** A team member's id, or "unassigned". */
  assignedTo?: string;
  companyId?: string;
}

/** One server page of tickets, searchable, filtered and sorted (the admin lists). */
export function useTicketPage(params: TicketPageParams) {
  const { page, q, sort, projectId, status, priority, assignedTo, companyId } = params;
  return usePageQuery([queryRoots.tickets, "list", params], () =>
    api.get("/tickets", { query: { page, q, sort, projectId, status, priority, assignedTo, companyId } }),
  );
}
