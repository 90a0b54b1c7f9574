import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { displayName, formatDateTime, formatNumber } from "@/shared/format";
import type { Ticket } from "@/shared/schemas/ticket";
import { PriorityBadge, TicketStatusBadge } from "@/web/components/status-badges";
import { TitledCard } from "@/web/components/ui/card";
import { TicketAssignee, TicketNumber, UpdatedAgo } from "../ticket-meta";

/** One term of the list; badges sit a little lower than text (`ddClassName="mt-1"`). */
function Detail({ term, ddClassName, children }: { term: string; ddClassName?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className={ddClassName}>{children}</dd>
    </div>
  );
}

/** Where a ticket belongs, who opened and handles it, and when, beside the edit form. */
export function TicketDetails({ ticket }: { ticket: Ticket }) {
  const { t } = useLingui();
  return (
    <TitledCard title={t`Details`}>
      <dl className="space-y-3 text-sm">
        <Detail term={t`Company`}>
          <Link to={`/admin/customers/${ticket.company.id}`} className="text-primary hover:underline">
            {ticket.company.name}
          </Link>
        </Detail>
        <Detail term={t`Project`}>
          <Link to={`/admin/projects/${ticket.project.id}`} className="text-primary hover:underline">
            {ticket.project.name}
          </Link>
        </Detail>
        <div className="flex gap-6">
          <Detail term={t`Status`} ddClassName="mt-1">
            <TicketStatusBadge status={ticket.status} />
          </Detail>
          <Detail term={t`Priority`} ddClassName="mt-1">
            <PriorityBadge priority={ticket.priority} />
          </Detail>
        </div>
        <Detail term={t`Number`}>
          <TicketNumber number={ticket.number} className="text-sm text-foreground" />
        </Detail>
        <Detail term={t`Assignee`} ddClassName="flex items-center gap-2">
          <TicketAssignee assignee={ticket.assignee} decorative />
          {ticket.assignee ? ticket.assignee.name : t`Unassigned`}
        </Detail>
        <Detail term={t`Opened by`}>{ticket.createdBy ? displayName(ticket.createdBy) : t`N/A`}</Detail>
        <Detail term={t`Created`}>{formatDateTime(ticket.createdAt)}</Detail>
        <Detail term={t`Updated`}>
          <UpdatedAgo at={ticket.updatedAt} className="text-sm text-foreground" />
        </Detail>
        <Detail term={t`Comments`}>{formatNumber(ticket.commentCount)}</Detail>
      </dl>
    </TitledCard>
  );
}
