import { useLingui } from "@lingui/react/macro";
import { Ticket } from "lucide-react";
import { ticketPriorities, ticketStatuses, type TicketPriority, type TicketStatus } from "@/shared/enums";
import { UNASSIGNED } from "@/shared/rules/ticket";
import { PagedList } from "@/web/components/paged-list";
import { EmptyState } from "@/web/components/ui/empty-state";
import { useListParams } from "@/web/components/ui/pagination";
import { ticketPriorityMessages, ticketStatusMessages } from "@/web/lib/i18n/labels";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { isId, oneOf, useUrlFilters } from "@/web/lib/use-url-filters";
import { useTicketPage } from "../../api/use-ticket-page";
import { AssigneeFilter, CompanyFilter, EnumFilter, FilterBar } from "./record-filters";
import { TicketsTable } from "./tickets-table";

interface TicketListProps {
  /** Only this project's tickets (the project detail screen). */
  projectId?: string;
}

const filterRules = {
  status: oneOf(ticketStatuses),
  priority: oneOf(ticketPriorities),
  assignedTo: (value: string) => value === UNASSIGNED || isId(value),
  companyId: isId,
};

/** Search, filters, table and pager of tickets; the state lives in the URL. */
export function TicketList({ projectId }: TicketListProps) {
  const { t } = useLingui();
  const list = useListParams();
  const filters = useUrlFilters(filterRules);
  const { status, priority, assignedTo, companyId } = filters.values;
  const tickets = useTicketPage({
    page: list.page,
    q: list.q,
    sort: list.sort,
    projectId,
    status: (status || undefined) as TicketStatus | undefined,
    priority: (priority || undefined) as TicketPriority | undefined,
    assignedTo: assignedTo || undefined,
    // A project's tickets are all of its company.
    companyId: projectId ? undefined : companyId || undefined,
  });
  useErrorToast(tickets.error, { log: "Failed to load tickets", toast: t`Error fetching tickets` });

  const none = projectId ? (
    <EmptyState title={t`No tickets for this project`} />
  ) : (
    <EmptyState
      icon={<Ticket className="h-10 w-10 text-muted-foreground" aria-hidden />}
      title={t`No Tickets Yet`}
      description={t`Tickets appear here once a customer opens one.`}
    />
  );

  return (
    <div className="space-y-4">
      <FilterBar active={filters.active} onClear={filters.clear}>
        <EnumFilter id="ticket-filter-status" label={t`Status`} all={t`All statuses`} values={ticketStatuses} labels={ticketStatusMessages} value={status} onChange={(value) => filters.set("status", value)} />
        <EnumFilter id="ticket-filter-priority" label={t`Priority`} all={t`All priorities`} values={ticketPriorities} labels={ticketPriorityMessages} value={priority} onChange={(value) => filters.set("priority", value)} />
        <AssigneeFilter id="ticket-filter-assignee" value={assignedTo} onChange={(value) => filters.set("assignedTo", value)} />
        {projectId ? null : <CompanyFilter id="ticket-filter-company" value={companyId} onChange={(value) => filters.set("companyId", value)} />}
      </FilterBar>
      <PagedList
        query={tickets}
        list={list}
        noun={t`tickets`}
        searchBy={t`title or number`}
        noMatchField={t`ticket title`}
        // With a filter on, "nothing" means nothing matches it, not that there are no tickets.
        empty={filters.active ? <EmptyState title={t`No tickets match these filters`} /> : none}
      >
        {(items) => <TicketsTable tickets={items} sort={list.sort} onSortChange={list.setSort} showProject={!projectId} />}
      </PagedList>
    </div>
  );
}
