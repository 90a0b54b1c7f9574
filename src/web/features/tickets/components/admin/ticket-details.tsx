import { Link } from "react-router";
import { displayName, formatDateTime } from "@/shared/format";
import type { Ticket } from "@/shared/schemas/ticket";
import { PriorityBadge, TicketStatusBadge } from "@/web/components/status-badges";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";

/** Where a ticket belongs and who opened it, beside the edit form. */
export function TicketDetails({ ticket }: { ticket: Ticket }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-xs font-medium text-muted-foreground">Company</dt>
            <dd>
              <Link to={`/admin/customers/${ticket.company.id}`} className="text-primary hover:underline">
                {ticket.company.name}
              </Link>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-muted-foreground">Project</dt>
            <dd>
              <Link to={`/admin/projects/${ticket.project.id}`} className="text-primary hover:underline">
                {ticket.project.name}
              </Link>
            </dd>
          </div>
          <div className="flex gap-6">
            <div>
              <dt className="text-xs font-medium text-muted-foreground">Status</dt>
              <dd className="mt-1">
                <TicketStatusBadge status={ticket.status} />
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-muted-foreground">Priority</dt>
              <dd className="mt-1">
                <PriorityBadge priority={ticket.priority} />
              </dd>
            </div>
          </div>
          <div>
            <dt className="text-xs font-medium text-muted-foreground">Opened by</dt>
            <dd>{ticket.createdBy ? displayName(ticket.createdBy) : "N/A"}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-muted-foreground">Created</dt>
            <dd>{formatDateTime(ticket.createdAt)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
