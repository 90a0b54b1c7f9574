import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { displayName, formatDateTime, formatNumber } from "@/shared/format";
import type { Ticket } from "@/shared/schemas/ticket";
import { PriorityBadge, TicketStatusBadge } from "@/web/components/status-badges";
import { TitledCard } from "@/web/components/ui/card";
import { TicketAssignee, TicketNumber, UpdatedAgo } from "../ticket-meta";

/**
 * One term of the list, across both columns unless `half`; badges sit a little lower than text
 * (`ddClassName="mt-1"`). Each term is its own group directly in the <dl>, as the element wants.
 */
function Detail({ term, ddClassName, half, children }: { term: string; ddClassName?: string; half?: boolean; children: ReactNode }) {
  return (
    <div className={half ? undefined : "col-span-2"}>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className={ddClassName}>{children}</dd>
    </div>
  );
}

/** A link alone on its line: a 44 px tap target on phones. */
const phoneLink = "text-primary hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center";

/** Where a ticket belongs, who opened and handles it, and when, beside the edit form. */
export function TicketDetails({ ticket }: { ticket: Ticket }) {
  const { t } = useLingui();
  return (
    <TitledCard title={t`Details`}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <Detail term={t`Company`}>
          <Link to={`/admin/customers/${ticket.company.id}`} className={phoneLink}>
            {ticket.company.name}
          </Link>
        </Detail>
        <Detail term={t`Project`}>
          <Link to={`/admin/projects/${ticket.project.id}`} className={phoneLink}>
            {ticket.project.name}
          </Link>
        </Detail>
        <Detail term={t`Status`} ddClassName="mt-1" half>
          <TicketStatusBadge status={ticket.status} />
        </Detail>
        <Detail term={t`Priority`} ddClassName="mt-1" half>
          <PriorityBadge priority={ticket.priority} />
        </Detail>
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
