import { useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const list = useListParams();
  const tickets = useTicketPage({ page: list.page, q: list.q, sort: list.sort, projectId });
  useErrorToast(tickets.error, { log: "Failed to load tickets", toast: t`Error fetching tickets` });

  return (
    <PagedList
      query={tickets}
      list={list}
      noun={t`tickets`}
      searchBy={t`title`}
      noMatchField={t`ticket title`}
      empty={
        projectId ? (
          <EmptyState title={t`No tickets for this project`} />
        ) : (
          <EmptyState
            icon={<Ticket className="h-10 w-10 text-muted-foreground" aria-hidden />}
            title={t`No Tickets Yet`}
            description={t`Tickets appear here once a customer opens one.`}
          />
        )
      }
    >
      {(items) => <TicketsTable tickets={items} sort={list.sort} onSortChange={list.setSort} showProject={!projectId} />}
    </PagedList>
  );
}
