import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { formatInstantDate } from "@/shared/format";
import type { TicketListItem } from "@/shared/schemas/ticket";
import { PriorityBadge, TicketStatusBadge } from "@/web/components/status-badges";
import { CommentCount, TicketAssignee, TicketNumber, UpdatedAgo } from "./ticket-meta";
import { LinkCell, Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";

type TicketRow = Pick<TicketListItem, "id" | "number" | "title" | "status" | "priority" | "createdAt" | "updatedAt" | "assignee" | "commentCount">;

interface TicketTableProps<T extends TicketRow> {
  tickets: T[];
  /** The detail screen of a row: the admin's or the customer's. */
  href: (ticket: T) => string;
  /** The Created header: sortable on the admin's paged list, plain elsewhere. */
  createdHead: ReactNode;
  /** The names of columns after the title (the admin list's company and project). */
  extraHeads?: readonly string[];
  extraCells?: (ticket: T) => ReactNode;
  linkClassName?: string;
  createdClassName?: string;
  "aria-label"?: string;
}

/**
 * Number and title, status, priority, assignee, last update, comments and creation date of
 * tickets; both roles' ticket lists are this table.
 */
export function TicketTable<T extends TicketRow>({
  tickets,
  href,
  createdHead,
  extraHeads = [],
  extraCells,
  linkClassName,
  createdClassName,
  "aria-label": ariaLabel,
}: TicketTableProps<T>) {
  const { t } = useLingui();
  return (
    <Table aria-label={ariaLabel}>
      <TableHeadings names={[t`Title`, ...extraHeads, t`Status`, t`Priority`, t`Assignee`, t`Updated`, t`Comments`]}>{createdHead}</TableHeadings>
      <TableBody>
        {tickets.map((ticket) => (
          <TableRow key={ticket.id}>
            <LinkCell main to={href(ticket)} linkClassName={linkClassName}>
              <TicketNumber number={ticket.number} />{" "}
              {ticket.title}
            </LinkCell>
            {extraCells?.(ticket)}
            <TableCell>
              <TicketStatusBadge status={ticket.status} />
            </TableCell>
            <TableCell>
              <PriorityBadge priority={ticket.priority} />
            </TableCell>
            <TableCell>
              <TicketAssignee assignee={ticket.assignee} />
            </TableCell>
            <TableCell>
              <UpdatedAgo at={ticket.updatedAt} />
            </TableCell>
            <TableCell>
              <CommentCount count={ticket.commentCount} />
            </TableCell>
            <TableCell className={createdClassName}>{formatInstantDate(ticket.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
