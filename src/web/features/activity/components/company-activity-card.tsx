import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { ActivityEntry } from "@/shared/schemas/activity";
import { QueryStates } from "@/web/components/layout/record-states";
import { Button } from "@/web/components/ui/button";
import { TitledCard } from "@/web/components/ui/card";
import { useActivity } from "../api/use-activity";
import { activitySubjectMessages } from "../lib/activity-sentence";
import { ActivityText, ActivityTime } from "./activity-text";

/** Entries a "Recent activity" card shows at first; "Show more" brings the next ones. */
const FEED_PAGE = 10;

interface CompanyActivityCardProps {
  companyId: string;
  /** Where each record's page is for the reader (the customer's and the admin's differ). */
  linkTo: (subject: ActivityEntry["subject"]) => string;
}

/** A company's recent activity across its projects, tickets and invoices, newest first, live. */
export function CompanyActivityCard({ companyId, linkTo }: CompanyActivityCardProps) {
  const feed = useActivity({ kind: "company", id: companyId }, { limit: FEED_PAGE });
  const { t, i18n } = useLingui();
  return (
    <TitledCard title={t`Recent activity`}>
      <QueryStates query={feed} loadError={t`Could not load the recent activity.`} loading={t`Loading recent activity`}>
        {(data) => {
          const entries = data.pages.flatMap((page) => page.items);
          const currency = data.pages[0]?.currency ?? "USD";
          if (entries.length === 0)
            return (
              <p className="py-4 text-center text-sm text-muted-foreground">
                <Trans>Nothing has happened here yet</Trans>
              </p>
            );
          return (
            <div className="space-y-3">
              <ol className="divide-y divide-border" aria-label={t`Recent activity`}>
                {entries.map((entry) => (
                  <li key={entry.id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
                    <p className="min-w-0 break-words text-muted-foreground">
                      <ActivityText entry={entry} currency={currency} /> · {i18n._(activitySubjectMessages[entry.subject.type])}{" "}
                      <Link to={linkTo(entry.subject)} className="font-medium text-foreground underline-offset-4 hover:underline">
                        {entry.subject.label}
                      </Link>
                    </p>
                    <ActivityTime at={entry.at} />
                  </li>
                ))}
              </ol>
              {feed.hasNextPage ? (
                <div className="flex justify-center">
                  <Button variant="outline" size="sm" disabled={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                    {feed.isFetchingNextPage ? t`Loading...` : t`Show more`}
                  </Button>
                </div>
              ) : null}
            </div>
          );
        }}
      </QueryStates>
    </TitledCard>
  );
}
