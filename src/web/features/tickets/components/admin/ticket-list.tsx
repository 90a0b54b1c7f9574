import { Ticket } from "lucide-react";
import { PagedList } from "@/web/components/paged-list";
import { EmptyState } from "@/web/components/ui/empty-state";
import { useListParams } from "@/web/components/ui/pagination";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useTicketPage } from "../../api/use-ticket-page";
import { TicketsTable } from "./tickets-table";

interface TicketListProps {
  /** Only this project's tickets (the project detail screen). */
  projectId?: string;
}

/** Search, table and pager of tickets; the state lives in the URL. */
export function TicketList({ projectId }: TicketListProps) {
  const list = useListParams();
  const tickets = useTicketPage({ page: list.page, q: list.q, sort: list.sort, projectId });
  useErrorToast(tickets.error, { log: "Failed to load tickets", toast: "Error fetching tickets" });

  return (
    <PagedList
      query={tickets}
      list={list}
      noun="tickets"
      searchBy="title"
      noMatchField="ticket title"
      empty={
        projectId ? (
          <EmptyState title="No tickets for this project" />
        ) : (
          <EmptyState
            icon={<Ticket className="h-10 w-10 text-muted-foreground" aria-hidden />}
            title="No Tickets Yet"
            description="Tickets appear here once a customer opens one."
          />
        )
      }
    >
      {(items) => <TicketsTable tickets={items} sort={list.sort} onSortChange={list.setSort} showProject={!projectId} />}
    </PagedList>
  );
}
