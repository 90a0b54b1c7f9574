import { Link } from "react-router";
import { formatInstantDate } from "@/shared/format";
import { PriorityBadge, TicketStatusBadge } from "@/web/components/status-badges";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { useTickets } from "../api/use-tickets";
import { LoadError } from "@/web/components/ui/load-error";

/** The tickets of one project, on the project detail screen. */
export function ProjectTicketTable({ projectId }: { projectId: string }) {
  const tickets = useTickets({ projectId });
  const items = tickets.data?.items ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Tickets <span className="text-muted-foreground">({tickets.data ? tickets.data.total : "…"})</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {tickets.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading tickets" />
          </div>
        ) : tickets.isError ? (
          <LoadError message="Could not load this project's tickets." onRetry={() => void tickets.refetch()} />
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No tickets for this project</p>
        ) : (
          <Table aria-label="Project tickets">
            <TableHeader>
              <TableRow>
                <TableHead>Title</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Priority</TableHead>
                <TableHead>Created</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((ticket) => (
                <TableRow key={ticket.id}>
                  <TableCell className="font-medium">
                    <Link to={`/dashboard/tickets/${ticket.id}`} className="text-primary hover:underline focus-visible:underline">
                      {ticket.title}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <TicketStatusBadge status={ticket.status} />
                  </TableCell>
                  <TableCell>
                    <PriorityBadge priority={ticket.priority} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">{formatInstantDate(ticket.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
