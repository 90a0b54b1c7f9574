import { Trans, useLingui } from "@lingui/react";
import type { ActivityEntry } from "@/shared/schemas/activity";
import { TimeAgo } from "@/web/components/ui/time-ago";
import { formatCurrency } from "@/web/lib/format-currency";
import { activitySentence } from "../lib/activity-sentence";

/**
 * "Olivia Owner changed status from Pending to Doing": who, then what, as one catalogue message
 * (lib/activity-sentence.ts). An entry from before the history recorded its actor reads "Created
 * this project".
 */
export function ActivityText({ entry, currency }: { entry: ActivityEntry; currency: string }) {
  const { i18n } = useLingui();
  const sentence = activitySentence(
    { subject: entry.subject.type, kind: entry.kind, field: entry.field, from: entry.from, to: entry.to },
    i18n,
    { actor: entry.actor.name, money: (amount) => formatCurrency(amount, currency) },
  );
  // Every value goes in as an element, never as text: <Trans> reads "<0>…</0>" in its text as
  // markup, and a title or a file name may contain just that.
  const values = Object.fromEntries(
    Object.entries(sentence.values ?? {}).map(([name, value]) => [
      name,
      name === "actor" ? <span className="font-medium text-foreground">{String(value)}</span> : <>{String(value)}</>,
    ]),
  );
  return <Trans id={sentence.id} message={sentence.message} values={values} />;
}

/** "3 minutes ago", with the full date and time on hover. */
export function ActivityTime({ at }: { at: string }) {
  return <TimeAgo at={at} className="shrink-0 text-xs text-muted-foreground" />;
}
