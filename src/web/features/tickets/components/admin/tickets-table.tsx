import { useLingui } from "@lingui/react/macro";
import type { TicketListItem } from "@/shared/schemas/ticket";
import { SortableHead, type Sorting } from "@/web/components/ui/pagination";
import { LinkCell } from "@/web/components/ui/table";
import { TicketTable } from "../ticket-table";

interface TicketsTableProps extends Sorting {
  tickets: TicketListItem[];
  /** Off on a project's screen, where every row is that project's. */
  showProject?: boolean;
}

export function TicketsTable({ tickets, sort, onSortChange, showProject = true }: TicketsTableProps) {
  const { t } = useLingui();
  return (
    <TicketTable
      tickets={tickets}
      href={(ticket) => `/admin/tickets/${ticket.id}`}
      createdHead={<SortableHead label={t`Created`} sort={sort} onSortChange={onSortChange} />}
      extraHeads={showProject ? [t`Company`, t`Project`] : []}
      extraCells={(ticket) =>
        showProject ? (
          <>
            <LinkCell to={`/admin/customers/${ticket.company.id}`}>{ticket.company.name}</LinkCell>
            <LinkCell to={`/admin/projects/${ticket.project.id}`}>{ticket.project.name}</LinkCell>
          </>
        ) : null
      }
    />
  );
}
