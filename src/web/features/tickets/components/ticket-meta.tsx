import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { MessageSquare } from "lucide-react";
import { formatNumber } from "@/shared/format";
import type { TicketListItem } from "@/shared/schemas/ticket";
import { Avatar } from "@/web/components/ui/avatar";
import { TimeAgo } from "@/web/components/ui/time-ago";
import { cn } from "@/web/lib/cn";

/* The small facts of a ticket that cards, rows and the detail header show alike. */

/** "#142": the number people quote, set apart from the title. */
export function TicketNumber({ number, className }: { number: number; className?: string }) {
  return <span className={cn("font-mono text-xs font-medium text-muted-foreground tabular-nums", className)}>#{number}</span>;
}

/**
 * Who handles it, as initials; the name is the accessible text and the tooltip (`decorative`
 * beside the name written out).
 */
export function TicketAssignee({ assignee, decorative = false }: { assignee: TicketListItem["assignee"]; decorative?: boolean }) {
  const { t } = useLingui();
  if (!assignee) {
    const unassigned = t`Unassigned`;
    return (
      <span
        {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": unassigned })}
        title={unassigned}
        className="inline-flex h-6 w-6 shrink-0 rounded-full border border-dashed border-muted-foreground"
      />
    );
  }
  const name = assignee.name;
  return <Avatar name={name} label={t`Assigned to ${name}`} decorative={decorative} />;
}

/** "Updated 2 hours ago", in the reader's language, the full date and time on hover. */
export function UpdatedAgo({ at, className }: { at: string; className?: string }) {
  return <TimeAgo at={at} className={cn("text-xs whitespace-nowrap text-muted-foreground", className)} />;
}

/** A speech bubble and the number of comments, read out as "3 comments". */
export function CommentCount({ count, className }: { count: number; className?: string }) {
  const { t } = useLingui();
  const shown = formatNumber(count);
  const label = t`${plural(count, { one: "# comment", other: "# comments" })}`;
  return (
    <span role="img" aria-label={label} title={label} className={cn("inline-flex items-center gap-1 text-xs text-muted-foreground tabular-nums", className)}>
      <MessageSquare className="h-3.5 w-3.5" aria-hidden />
      {shown}
    </span>
  );
}
