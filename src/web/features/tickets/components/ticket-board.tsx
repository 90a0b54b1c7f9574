import { ticketStatuses, ticketStatusLabels, type TicketStatus } from "@/shared/enums";
import type { TicketListItem } from "@/shared/schemas/ticket";
import { PageSpinner } from "@/web/components/ui/spinner";
import { useTickets } from "../api/use-tickets";
import { TicketCard } from "./ticket-card";
import { LoadError } from "@/web/components/ui/load-error";

function BoardColumn({ status, tickets }: { status: TicketStatus; tickets: TicketListItem[] }) {
  const headingId = `ticket-column-${status}`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col rounded-lg bg-muted/60 p-3">
      <div className="mb-3 flex items-center justify-between px-1">
        <h2 id={headingId} className="text-sm font-semibold">
          {ticketStatusLabels[status]}
        </h2>
        <span data-testid="column-count" className="rounded-full bg-background px-2.5 py-0.5 text-xs font-semibold shadow-sm">
          {tickets.length}
        </span>
      </div>
      {tickets.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">No tickets</p>
      ) : (
        <ul className="space-y-2">
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <TicketCard ticket={ticket} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The customer's tickets in three columns: Pending, Doing, Done (spec section 9: 3 columns). */
export function TicketBoard() {
  const tickets = useTickets();

  if (tickets.isPending) return <PageSpinner />;
  if (tickets.isError) {
    return (
      <LoadError message="Could not load your tickets." onRetry={() => void tickets.refetch()} />
    );
  }

  const byStatus = (status: TicketStatus) => tickets.data.items.filter((ticket) => ticket.status === status);
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {ticketStatuses.map((status) => (
        <BoardColumn key={status} status={status} tickets={byStatus(status)} />
      ))}
    </div>
  );
}
