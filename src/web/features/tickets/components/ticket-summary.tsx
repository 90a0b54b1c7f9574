import { Trans, useLingui } from "@lingui/react/macro";
import { FolderKanban } from "lucide-react";
import { Link } from "react-router";
import { displayName, formatDateTime } from "@/shared/format";
import type { Ticket } from "@/shared/schemas/ticket";
import { PriorityBadge, TicketStatusBadge } from "@/web/components/status-badges";
import { Card, CardContent, CardHeader } from "@/web/components/ui/card";
import { customerProjectPath } from "@/web/features/projects";
import { CommentCount, TicketAssignee, TicketNumber, UpdatedAgo } from "./ticket-meta";

/**
 * The head of the ticket detail screen: number and title, project, status, priority, who handles
 * it, when it last changed, its comment count and description.
 */
export function TicketSummary({ ticket }: { ticket: Ticket }) {
  const { t } = useLingui();
  const opened = formatDateTime(ticket.createdAt);
  const author = ticket.createdBy ? displayName(ticket.createdBy) : undefined;
  const assignee = ticket.assignee?.name;
  return (
    <Card>
      <CardHeader className="gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-words">
          <TicketNumber number={ticket.number} className="align-middle text-base" />{" "}
          {ticket.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Link
            to={customerProjectPath(ticket.project)}
            className="inline-flex items-center gap-1.5 hover:text-foreground hover:underline max-sm:min-h-11"
          >
            <FolderKanban className="h-4 w-4" aria-hidden />
            {ticket.project.name}
          </Link>
          <TicketStatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-2">
            <TicketAssignee assignee={ticket.assignee} decorative />
            <span>{assignee ? <Trans>Handled by {assignee}</Trans> : t`Not assigned yet`}</span>
          </span>
          <span>
            <Trans>
              Updated <UpdatedAgo at={ticket.updatedAt} className="text-sm" />
            </Trans>
          </span>
          <CommentCount count={ticket.commentCount} className="text-sm" />
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm whitespace-pre-wrap">{ticket.description || <Trans>No description provided</Trans>}</p>
        <p className="text-xs text-muted-foreground">
          {author ? <Trans>Opened {opened} by {author}</Trans> : <Trans>Opened {opened}</Trans>}
        </p>
      </CardContent>
    </Card>
  );
}
