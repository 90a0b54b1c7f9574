import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { ticketStatuses, type TicketStatus } from "@/shared/enums";
import { formatNumber } from "@/shared/format";
import { LoadMore } from "@/web/components/load-more";
import { LoadError } from "@/web/components/ui/load-error";
import { SearchInput } from "@/web/components/ui/search-input";
import { Spinner } from "@/web/components/ui/spinner";
import { ticketStatusMessages } from "@/web/lib/i18n/labels";
import { useUrlSearch } from "@/web/lib/use-url-search";
import { loadedTickets, useTickets } from "../api/use-tickets";
import { useTicketStatusCounts } from "../api/use-ticket-status-counts";
import { TicketCard } from "./ticket-card";

/**
 * One status's tickets, newest first, a page at a time: the column scrolls on its own (so on a
 * phone, where the columns stack, the next one is never a thousand cards away) and loads more as
 * its end comes into view. `count` is the exact number of the status's tickets, loaded or not.
 */
function BoardColumn({ status, count, q, shown }: { status: TicketStatus; count: number | undefined; q: string; shown: boolean }) {
  const { t, i18n } = useLingui();
  const column = useRef<HTMLElement>(null);
  // The overview's counts link here with `?status=`: on a phone, where the columns stack, that column comes into view.
  useEffect(() => {
    if (shown) column.current?.scrollIntoView({ block: "start" });
  }, [shown]);
  const statusName = i18n._(ticketStatusMessages[status]);
  const tickets = useTickets({ status, q });
  const scrollArea = useRef<HTMLDivElement>(null);
  const items = loadedTickets(tickets.data);
  const headingId = `ticket-column-${status}`;
  return (
    <section ref={column} aria-labelledby={headingId} aria-current={shown ? "true" : undefined} className="flex min-w-0 scroll-mt-20 flex-col rounded-lg bg-muted/60 p-3 aria-[current]:ring-2 aria-[current]:ring-ring">
      <div className="mb-3 flex items-center justify-between px-1">
        <h2 id={headingId} className="text-sm font-semibold">
          {statusName}
        </h2>
        <span data-testid="column-count" className="rounded-full bg-background px-2.5 py-0.5 text-xs font-semibold shadow-sm">
          {count === undefined ? "…" : formatNumber(count)}
        </span>
      </div>
      {tickets.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t`Loading ${statusName} tickets`} />
        </div>
      ) : tickets.isError ? (
        <LoadError message={t`Could not load these tickets.`} onRetry={() => void tickets.refetch()} />
      ) : items.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
          <Trans>No tickets</Trans>
        </p>
      ) : (
        <div ref={scrollArea} className="-mx-1 max-h-[70vh] overflow-y-auto px-1">
          <ul className="space-y-2">
            {items.map((ticket) => (
              <li key={ticket.id}>
                <TicketCard ticket={ticket} />
              </li>
            ))}
          </ul>
          <LoadMore query={tickets} scrollArea={scrollArea} />
        </div>
      )}
    </section>
  );
}

/**
 * The customer's tickets in three columns: Pending, Doing, Done (spec section 9: 3 columns), with a
 * search by title or number ("#142") kept in the URL (`q`), which the columns and counts follow;
 * `status` in the URL marks one column and brings it into view.
 */
export function TicketBoard() {
  const { t } = useLingui();
  const list = useUrlSearch();
  const counts = useTicketStatusCounts({ q: list.q });
  const [params] = useSearchParams();
  return (
    <div className="space-y-4">
      <SearchInput label={t`Search tickets`} placeholder={t`Search by title or number`} value={list.q} onSearch={list.setQuery} />
      <div className="grid gap-4 md:grid-cols-3">
        {ticketStatuses.map((status) => (
          <BoardColumn key={status} status={status} count={counts.data?.[status]} q={list.q} shown={params.get("status") === status} />
        ))}
      </div>
    </div>
  );
}
