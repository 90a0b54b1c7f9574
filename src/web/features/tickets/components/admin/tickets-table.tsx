import { Link } from "react-router";
import { formatInstantDate } from "@/shared/format";
import type { TicketListItem } from "@/shared/schemas/ticket";
import { PriorityBadge, TicketStatusBadge } from "@/web/components/status-badges";
import { SortableHead, type SortDirection } from "@/web/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";

interface TicketsTableProps {
  tickets: TicketListItem[];
  sort: SortDirection;
  onSortChange: (sort: SortDirection) => void;
  /** Off on a project's screen, where every row is that project's. */
  showProject?: boolean;
}

export function TicketsTable({ tickets, sort, onSortChange, showProject = true }: TicketsTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Title</TableHead>
          {showProject ? (
            <>
              <TableHead>Company</TableHead>
              <TableHead>Project</TableHead>
            </>
          ) : null}
          <TableHead>Status</TableHead>
          <TableHead>Priority</TableHead>
          <SortableHead label="Created" sort={sort} onSortChange={onSortChange} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {tickets.map((ticket) => (
          <TableRow key={ticket.id}>
            <TableCell className="font-medium">
              <Link to={`/admin/tickets/${ticket.id}`} className="text-primary hover:underline">
                {ticket.title}
              </Link>
            </TableCell>
            {showProject ? (
              <>
                <TableCell>
                  <Link to={`/admin/customers/${ticket.company.id}`} className="hover:underline">
                    {ticket.company.name}
                  </Link>
                </TableCell>
                <TableCell>
                  <Link to={`/admin/projects/${ticket.project.id}`} className="hover:underline">
                    {ticket.project.name}
                  </Link>
                </TableCell>
              </>
            ) : null}
            <TableCell>
              <TicketStatusBadge status={ticket.status} />
            </TableCell>
            <TableCell>
              <PriorityBadge priority={ticket.priority} />
            </TableCell>
            <TableCell>{formatInstantDate(ticket.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
