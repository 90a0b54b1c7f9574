import { Trans, useLingui } from "@lingui/react/macro";
import { LoadMore } from "@/web/components/load-more";
import { CountedTitle, TitledCard } from "@/web/components/ui/card";
import { LoadError } from "@/web/components/ui/load-error";
import { Spinner } from "@/web/components/ui/spinner";
import { TableHead } from "@/web/components/ui/table";
import { loadedTickets, useTickets } from "../api/use-tickets";
import { useTicketStatusCounts } from "../api/use-ticket-status-counts";
import { TicketTable } from "./ticket-table";

/** The tickets of one project, on the project detail screen: a page at a time, with their exact count. */
export function ProjectTicketTable({ projectId }: { projectId: string }) {
  const { t } = useLingui();
  const tickets = useTickets({ projectId });
  const counts = useTicketStatusCounts({ projectId });
  const items = loadedTickets(tickets.data);
  const count = counts.data ? Object.values(counts.data).reduce((sum, n) => sum + n, 0) : undefined;

  return (
    <TitledCard title={<CountedTitle label={t`Tickets`} count={count} />}>
      {tickets.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t`Loading tickets`} />
        </div>
      ) : tickets.isError ? (
        <LoadError message={t`Could not load this project's tickets.`} onRetry={() => void tickets.refetch()} />
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          <Trans>No tickets for this project</Trans>
        </p>
      ) : (
        <>
          <TicketTable
            aria-label={t`Project tickets`}
            tickets={items}
            href={(ticket) => `/dashboard/tickets/${ticket.id}`}
            linkClassName="focus-visible:underline"
            createdHead={
              <TableHead>
                <Trans>Created</Trans>
              </TableHead>
            }
            createdClassName="whitespace-nowrap text-muted-foreground"
          />
          <LoadMore query={tickets} />
        </>
      )}
    </TitledCard>
  );
}
