import { CountedTitle, TitledCard } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { TableHead } from "@/web/components/ui/table";
import { TicketTable } from "./ticket-table";
import { useTickets } from "../api/use-tickets";
import { LoadError } from "@/web/components/ui/load-error";

/** The tickets of one project, on the project detail screen. */
export function ProjectTicketTable({ projectId }: { projectId: string }) {
  const tickets = useTickets({ projectId });
  const items = tickets.data?.items ?? [];

  return (
    <TitledCard title={<CountedTitle label="Tickets" count={tickets.data?.total} />}>
        {tickets.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading tickets" />
          </div>
        ) : tickets.isError ? (
          <LoadError message="Could not load this project's tickets." onRetry={() => void tickets.refetch()} />
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No tickets for this project</p>
        ) : (
          <TicketTable
            aria-label="Project tickets"
            tickets={items}
            href={(ticket) => `/dashboard/tickets/${ticket.id}`}
            linkClassName="focus-visible:underline"
            createdHead={<TableHead>Created</TableHead>}
            createdClassName="whitespace-nowrap text-muted-foreground"
          />
        )}
    </TitledCard>
  );
}
