import { formatDateTime } from "@/shared/format";
import { useNow } from "@/web/lib/clock";
import { relativeTime } from "@/web/lib/relative-time";

/**
 * "3 minutes ago", in the reader's language, with the full date and time on hover. It moves on
 * while the page stays open ("4 minutes ago" a minute later), on the tab's one clock.
 */
export function TimeAgo({ at, className }: { at: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={at} title={formatDateTime(at)} className={className}>
      {relativeTime(at, now)}
    </time>
  );
}
