import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { AlertTriangle, Wallet } from "lucide-react";
import type { TicketStatus } from "@/shared/enums";
import { formatDate, formatNumber } from "@/shared/format";
import type { CompanyOverview } from "@/shared/schemas/overview";
import { TimeAgo } from "@/web/components/ui/time-ago";
import { ProjectStatusBadge } from "@/web/components/status-badges";
import { customerProjectPath } from "@/web/features/projects";
import { formatCurrency } from "@/web/lib/format-currency";
import { ticketStatusMessages } from "@/web/lib/i18n/labels";
import { AmountDue, CountLink, OverviewRow, OverviewSection, TicketName } from "./overview-parts";

/** The statuses of open tickets: done ones need nobody. */
const openStatuses = ["pending", "doing"] as const satisfies readonly TicketStatus[];
/** Each count opens the ticket board at its status. */
const ticketsAt = (status: TicketStatus) => `/dashboard/tickets?status=${status}`;

/** The customer's company at a glance: every number and row links to what it counts (ADR 035). */
export function CompanyOverviewView({ overview }: { overview: CompanyOverview }) {
  const { t, i18n } = useLingui();
  const { balance, overdueInvoices, replies, messages, projects, tickets } = overview;
  const money = (amount: string) => formatCurrency(amount, balance.currency);
  const overdue = Number(balance.overdue) > 0;

  return (
    <div className="space-y-6">
      <section aria-label={t`Open tickets and balance`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {openStatuses.map((status) => (
          <CountLink key={status} testId={`tickets-${status}`} label={i18n._(ticketStatusMessages[status])} value={formatNumber(tickets[status])} to={ticketsAt(status)} />
        ))}
        <CountLink testId="balance-outstanding" label={t`Outstanding Balance`} value={money(balance.outstanding)} to="/dashboard/invoices" icon={<Wallet className="h-5 w-5" />} />
        {overdue ? <CountLink testId="balance-overdue" label={t`Overdue`} value={money(balance.overdue)} to="/dashboard/invoices" icon={<AlertTriangle className="h-5 w-5" />} /> : null}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <OverviewSection
          testId="overview-overdue"
          title={t`Overdue invoices`}
          count={formatNumber(overdueInvoices.total)}
          viewAll={{ to: "/dashboard/invoices", label: t`All invoices` }}
          items={overdueInvoices.items}
          empty={t`No invoice is overdue.`}
        >
          {(invoice) => (
            <OverviewRow
              key={invoice.id}
              to={`/dashboard/invoices/${invoice.id}`}
              title={invoice.invoiceNumber}
              detail={t`Overdue since ${formatDate(invoice.dueDate)}`}
              aside={<AmountDue amount={invoice.amountDue} currency={balance.currency} />}
            />
          )}
        </OverviewSection>

        <OverviewSection
          testId="overview-replies"
          title={t`Latest replies`}
          viewAll={{ to: "/dashboard/tickets", label: t`All tickets` }}
          items={replies.items}
          empty={t`No replies from the team yet.`}
        >
          {(reply) => (
            <OverviewRow
              key={reply.id}
              to={`/dashboard/tickets/${reply.ticket.id}`}
              title={<TicketName number={reply.ticket.number} title={reply.ticket.title} />}
              detail={
                <>
                  {reply.authorName ?? t`Unknown user`} · <TimeAgo at={reply.createdAt} /> · {reply.excerpt}
                </>
              }
            />
          )}
        </OverviewSection>

        <OverviewSection
          testId="overview-messages"
          title={t`Messages from the team`}
          count={messages.unread > 0 ? t`${plural(messages.unread, { one: "# unread", other: "# unread" })}` : undefined}
          viewAll={{ to: "/dashboard/messages", label: t`Open chat` }}
          items={messages.items}
          empty={t`No messages from the team yet.`}
        >
          {(message) => (
            <OverviewRow
              key={message.id}
              to="/dashboard/messages"
              title={message.excerpt}
              detail={
                <>
                  {message.authorName ?? t`Unknown user`} · <TimeAgo at={message.createdAt} />
                </>
              }
              aside={message.isRead ? undefined : <span className="text-xs font-semibold text-primary">{t`New`}</span>}
            />
          )}
        </OverviewSection>

        <OverviewSection
          testId="overview-projects"
          title={t`Projects`}
          count={formatNumber(projects.total)}
          viewAll={{ to: "/dashboard/projects", label: t`All projects` }}
          items={projects.items}
          empty={t`No projects yet.`}
        >
          {(project) => (
            <OverviewRow key={project.id} to={customerProjectPath(project)} title={project.name} aside={<ProjectStatusBadge status={project.status} />} />
          )}
        </OverviewSection>
      </div>
    </div>
  );
}

