import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import type { TicketStatus } from "@/shared/enums";
import type { TicketListItem, TicketPage } from "@/shared/schemas/ticket";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

export interface TicketListParams {
  status?: TicketStatus;
  projectId?: string;
  /** Title, or a number ("#142" or "142"). */
  q?: string;
}

const PAGE_SIZE = 50;

/** Whether the server has tickets after this page (past the count cap, a full page says so). */
const hasMore = ({ page, pageSize, total, totalExact, items }: TicketPage) =>
  items.length === pageSize && (!totalExact || page * pageSize < total);

/**
 * The caller's tickets (the server scopes them to the customer's company), newest first, a page
 * at a time for lists that load more as the user scrolls: the board's columns, a project's
 * tickets. Load failures are only logged (spec section 8).
 */
export function useTickets(params: TicketListParams = {}) {
  return useInfiniteQuery({
    queryKey: [queryRoots.tickets, "pages", params],
    queryFn: ({ pageParam }) =>
      loggedLoad("tickets", () =>
        api.get("/tickets", { query: { status: params.status, projectId: params.projectId, q: params.q || undefined, page: pageParam, pageSize: PAGE_SIZE } }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (hasMore(last) ? last.page + 1 : undefined),
  });
}

/**
 * The loaded pages as one list. A ticket opened between two page loads shifts the later pages by
 * one, so the same ticket can come twice: it is shown once.
 */
export function loadedTickets(data: InfiniteData<TicketPage> | undefined): TicketListItem[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) => page.items).filter((ticket) => !seen.has(ticket.id) && Boolean(seen.add(ticket.id)));
}
