import { formatDateTime } from "@/shared/format";
import { describeActivity } from "@/shared/rules/activity";
import type { ActivityEntry } from "@/shared/schemas/activity";
import { formatCurrency } from "@/web/lib/format-currency";
import { relativeTime } from "@/web/lib/relative-time";

/**
 * "Olivia Owner changed status from Pending to Doing": who, then what (shared/rules/activity.ts).
 * An entry from before the history recorded its actor reads "Created this project".
 */
export function ActivityText({ entry, currency }: { entry: ActivityEntry; currency: string }) {
  const what = describeActivity(
    { subject: entry.subject.type, kind: entry.kind, field: entry.field, from: entry.from, to: entry.to },
    { money: (amount) => formatCurrency(amount, currency) },
  );
  if (!entry.actor.name) return <>{what.charAt(0).toUpperCase() + what.slice(1)}</>;
  return (
    <>
      <span className="font-medium text-foreground">{entry.actor.name}</span> {what}
    </>
  );
}

/** "3 minutes ago", with the full date and time on hover. */
export function ActivityTime({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)} className="shrink-0 text-xs text-muted-foreground">
      {relativeTime(at)}
    </time>
  );
}
