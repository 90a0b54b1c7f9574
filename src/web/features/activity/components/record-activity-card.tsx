import { Trans, useLingui } from "@lingui/react/macro";
import { TitledCard } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import type { ActivityTarget } from "../api/use-activity";
import { EarlierHistory, HistoryLine, useRecordHistory } from "./record-history";

/** A record's history on its own (an invoice has no comments to interleave it with), oldest first. */
export function RecordActivityCard({ target }: { target: ActivityTarget }) {
  const { query, entries, currency } = useRecordHistory(target, { withComments: true });
  const { t } = useLingui();
  return (
    <TitledCard title={t`Activity`} contentClassName="space-y-2">
      <EarlierHistory query={query} />
      {query.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t`Loading activity`} />
        </div>
      ) : entries.length > 0 ? (
        <ol className="space-y-2" aria-label={t`Activity`}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <HistoryLine entry={entry} currency={currency} />
            </li>
          ))}
        </ol>
      ) : query.isError ? null : (
        <p className="py-4 text-center text-sm text-muted-foreground">
          <Trans>No activity yet</Trans>
        </p>
      )}
    </TitledCard>
  );
}
