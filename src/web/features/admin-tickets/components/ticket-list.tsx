import { Ticket } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Pagination, useListParams } from "../../../components/ui/pagination";
import { SearchInput } from "../../../components/ui/search-input";
import { Spinner } from "../../../components/ui/spinner";
import { useTickets } from "../api/get-tickets";
import { useErrorToast } from "../lib/use-error-toast";
import { TicketsTable } from "./tickets-table";

interface TicketListProps {
  /** Only this project's tickets (the project detail screen). */
  projectId?: string;
}

/** Search, table and pager of tickets; the state lives in the URL. */
export function TicketList({ projectId }: TicketListProps) {
  const { page, q, sort, setPage, setQuery, setSort } = useListParams();
  const tickets = useTickets({ page, q, sort, projectId });
  useErrorToast(tickets.error, { log: "Failed to load tickets", toast: "Error fetching tickets" });

  const data = tickets.data;
  return (
    <div className="space-y-4">
      <SearchInput label="Search tickets" placeholder="Search by title" value={q} onSearch={setQuery} />
      {tickets.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner label="Loading tickets" />
        </div>
      ) : tickets.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-border bg-background p-10 text-center">
          <p className="font-medium">Could not load tickets.</p>
          <Button variant="outline" size="sm" onClick={() => tickets.refetch()}>
            Try again
          </Button>
        </div>
      ) : data && data.total === 0 && !q ? (
        projectId ? (
          <EmptyState title="No tickets for this project" />
        ) : (
          <EmptyState
            icon={<Ticket className="h-10 w-10 text-muted-foreground" aria-hidden />}
            title="No Tickets Yet"
            description="Tickets appear here once a customer opens one."
          />
        )
      ) : data && data.items.length === 0 && page === 1 ? (
        <EmptyState title="No matching tickets" description={`No ticket title contains "${q}".`} />
      ) : data ? (
        <>
          <Card aria-busy={tickets.isPlaceholderData}>
            <CardContent className="p-0">
              <TicketsTable tickets={data.items} sort={sort} onSortChange={setSort} showProject={!projectId} />
            </CardContent>
          </Card>
          <Pagination label="Tickets pages" data={data} onPageChange={setPage} />
        </>
      ) : null}
    </div>
  );
}
