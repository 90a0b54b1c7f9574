import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { ticketStatuses } from "@/shared/enums";
import { formatDate } from "@/shared/format";
import type { WorkQueue } from "@/shared/schemas/overview";
import { TimeAgo } from "@/web/components/ui/time-ago";
import { PriorityBadge, ProjectStatusBadge } from "@/web/components/status-badges";
import { ticketStatusMessages } from "@/web/lib/i18n/labels";
import { AmountDue, cappedNumber, CountLink, OverviewRow, OverviewSection, TicketName } from "../overview-parts";

/** The admin overview (ADR 035): what needs the team first, each row one click from its record. */
export function WorkQueueView({ queue }: { queue: WorkQueue }) {
  const { t, i18n } = useLingui();
  const { newTickets, unreadConversations, overdueInvoices, unassignedProjects, tickets } = queue;

  return (
    <div className="space-y-6">
      <section aria-label={t`Tickets by status`} className="grid gap-4 sm:grid-cols-3">
        {ticketStatuses.map((status) => (
          <CountLink
            key={status}
            testId={`tickets-${status}`}
            label={i18n._(ticketStatusMessages[status])}
            value={cappedNumber(tickets[status])}
            to={`/admin/tickets?status=${status}`}
          />
        ))}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <OverviewSection
          testId="queue-new-tickets"
          title={t`New tickets`}
          count={cappedNumber(newTickets.total)}
          viewAll={{ to: "/admin/tickets", label: t`All tickets` }}
          items={newTickets.items}
          empty={t`Every ticket has been looked at.`}
        >
          {(ticket) => (
            <OverviewRow
              key={ticket.id}
              to={`/admin/tickets/${ticket.id}`}
              title={<TicketName number={ticket.number} title={ticket.title} />}
              detail={
                <>
                  {ticket.company.name} · <TimeAgo at={ticket.createdAt} />
                </>
              }
              aside={<PriorityBadge priority={ticket.priority} />}
            />
          )}
        </OverviewSection>

        <OverviewSection
          testId="queue-unread-conversations"
          title={t`Unread messages`}
          count={cappedNumber(unreadConversations.total)}
          viewAll={{ to: "/admin/messages", label: t`All conversations` }}
          items={unreadConversations.items}
          empty={t`No unread customer messages.`}
        >
          {(conversation) => (
            <OverviewRow
              key={conversation.company.id}
              to={`/admin/messages?company=${conversation.company.id}`}
              title={conversation.company.name}
              detail={<TimeAgo at={conversation.lastMessageAt} />}
              aside={
                <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                  {t`${plural(conversation.unreadCount, { one: "# unread", other: "# unread" })}`}
                </span>
              }
            />
          )}
        </OverviewSection>

        <OverviewSection
          testId="queue-overdue-invoices"
          title={t`Overdue invoices`}
          count={cappedNumber(overdueInvoices.total)}
          viewAll={{ to: "/admin/invoices?status=unpaid", label: t`Unpaid invoices` }}
          items={overdueInvoices.items}
          empty={t`No invoice is overdue.`}
        >
          {(invoice) => (
            <OverviewRow
              key={invoice.id}
              to={`/admin/invoices/${invoice.id}`}
              title={invoice.invoiceNumber}
              detail={t`${invoice.company.name} · overdue since ${formatDate(invoice.dueDate)}`}
              aside={<AmountDue amount={invoice.amountDue} currency={queue.currency} />}
            />
          )}
        </OverviewSection>

        <OverviewSection
          testId="queue-unassigned-projects"
          title={t`Projects without an assignee`}
          count={cappedNumber(unassignedProjects.total)}
          viewAll={{ to: "/admin/projects?assignedTo=unassigned", label: t`All unassigned` }}
          items={unassignedProjects.items}
          empty={t`Every open project has an assignee.`}
        >
          {(project) => (
            <OverviewRow
              key={project.id}
              to={`/admin/projects/${project.id}`}
              title={project.name}
              detail={project.company.name}
              aside={<ProjectStatusBadge status={project.status} />}
            />
          )}
        </OverviewSection>
      </div>
    </div>
  );
}
