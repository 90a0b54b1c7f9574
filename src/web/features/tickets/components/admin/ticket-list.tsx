import { Ticket } from "lucide-react";
import { PagedList } from "@/web/components/paged-list";
import { EmptyState } from "@/web/components/ui/empty-state";
import { useListParams } from "@/web/components/ui/pagination";
import { SearchInput } from "@/web/components/ui/search-input";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useTicketPage } from "../../api/use-ticket-page";
import { TicketsTable } from "./tickets-table";

interface TicketListProps {
  /** Only this project's tickets (the project detail screen). */
  projectId?: string;
}

/** Search, table and pager of tickets; the state lives in the URL. */
export function TicketList({ projectId }: TicketListProps) {
  const { page, q, sort, setPage, setQuery, setSort } = useListParams();
  const tickets = useTicketPage({ page, q, sort, projectId });
  useErrorToast(tickets.error, { log: "Failed to load tickets", toast: "Error fetching tickets" });

  return (
    <PagedList
      query={tickets}
      noun="tickets"
      q={q}
      onPageChange={setPage}
      toolbar={<SearchInput label="Search tickets" placeholder="Search by title" value={q} onSearch={setQuery} />}
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
      noMatch={`No ticket title contains "${q}".`}
    >
      {(items) => <TicketsTable tickets={items} sort={sort} onSortChange={setSort} showProject={!projectId} />}
    </PagedList>
  );
}
