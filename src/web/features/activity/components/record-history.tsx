import { useLingui } from "@lingui/react/macro";
import { History } from "lucide-react";
import type { ActivityEntry } from "@/shared/schemas/activity";
import { Button } from "@/web/components/ui/button";
import { LoadError } from "@/web/components/ui/load-error";
import { useActivity, type ActivityTarget } from "../api/use-activity";
import { ActivityText, ActivityTime } from "./activity-text";

/** One line of a record's timeline: an icon, who did what, and when. */
export function HistoryLine({ entry, currency }: { entry: ActivityEntry; currency: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 px-1 text-sm text-muted-foreground">
      <p className="min-w-0 break-words">
        <History className="mr-1.5 inline h-3.5 w-3.5 align-[-2px]" aria-hidden />
        <ActivityText entry={entry} currency={currency} />
      </p>
      <ActivityTime at={entry.at} />
    </div>
  );
}

/**
 * A record's history as loaded so far, oldest first, for a timeline (the server sends the newest
 * first, a page at a time). `withComments: false` leaves out the "commented" lines, for a timeline
 * that shows the comments themselves.
 */
export function useRecordHistory(target: ActivityTarget, { withComments }: { withComments: boolean }) {
  const query = useActivity(target);
  const pages = query.data?.pages ?? [];
  const entries = pages
    .flatMap((page) => page.items)
    .filter((entry) => withComments || entry.kind !== "commented")
    .reverse();
  return { query, entries, currency: pages[0]?.currency ?? "USD" };
}

/** Above a timeline: "Show earlier activity" while the server holds older entries, or the load error. */
export function EarlierHistory({ query }: { query: ReturnType<typeof useRecordHistory>["query"] }) {
  const { t } = useLingui();
  if (query.isError && !query.isFetchNextPageError) return <LoadError message={t`Could not load the history.`} onRetry={() => void query.refetch()} />;
  if (!query.hasNextPage) return null;
  return (
    <Button variant="ghost" size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {query.isFetchingNextPage ? t`Loading...` : t`Show earlier activity`}
    </Button>
  );
}
