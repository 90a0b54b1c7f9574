import { FolderKanban } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";
import type { TicketListItem } from "@/shared/schemas/ticket";
import { PriorityBadge } from "@/web/components/status-badges";

/**
 * A ticket on the board: title, priority and project, linking to its detail. Memoised: a page
 * loaded into a long column renders its own cards, not the hundreds above them again.
 */
export const TicketCard = memo(function TicketCard({ ticket }: { ticket: TicketListItem }) {
  return (
    <Link
      to={`/dashboard/tickets/${ticket.id}`}
      className="block rounded-md border border-border bg-background p-3 shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <div className="flex items-start justify-between gap-2">
        <span className="text-sm font-medium break-words">{ticket.title}</span>
        <span className="shrink-0">
          <PriorityBadge priority={ticket.priority} />
        </span>
      </div>
      <span className="mt-2 flex items-center gap-1.5 text-xs text-muted-foreground">
        <FolderKanban className="h-3.5 w-3.5" aria-hidden />
        {ticket.project.name}
      </span>
    </Link>
  );
});
