import { FolderKanban } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";
import type { TicketListItem } from "@/shared/schemas/ticket";
import { PriorityBadge } from "@/web/components/status-badges";
import { CommentCount, TicketAssignee, TicketNumber, UpdatedAgo } from "./ticket-meta";

/**
 * A ticket on the board: number, title, priority and project, then who handles it, when it last
 * changed and how many comments it has; the whole card links to its detail. Memoised: a page
 * loaded into a long column renders its own cards, not the hundreds above them again.
 */
export const TicketCard = memo(function TicketCard({ ticket }: { ticket: TicketListItem }) {
  return (
    <Link
      to={`/dashboard/tickets/${ticket.id}`}
      className="block rounded-md border border-border bg-background p-3 shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <div className="flex items-start justify-between gap-2">
        <span className="min-w-0 text-sm font-medium break-words">
          <TicketNumber number={ticket.number} />{" "}
          {ticket.title}
        </span>
        <span className="shrink-0">
          <PriorityBadge priority={ticket.priority} />
        </span>
      </div>
      <span className="mt-2 flex items-center gap-1.5 text-xs text-muted-foreground">
        <FolderKanban className="h-3.5 w-3.5" aria-hidden />
        {ticket.project.name}
      </span>
      <span className="mt-2 flex items-center justify-between gap-2">
        <TicketAssignee assignee={ticket.assignee} />
        <span className="flex items-center gap-3">
          <UpdatedAgo at={ticket.updatedAt} />
          <CommentCount count={ticket.commentCount} />
        </span>
      </span>
    </Link>
  );
});
