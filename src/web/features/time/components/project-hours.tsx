import { useLingui } from "@lingui/react/macro";
import type { ProjectTime } from "@/shared/schemas/time-entry";
import { TitledCard } from "@/web/components/ui/card";
import { LoadError } from "@/web/components/ui/load-error";
import { useProjectTime } from "../api/use-project-time";
import { formatDuration } from "../lib/duration";

/** A project's hours: the total logged, and this month's against the monthly budget with a bar when one is agreed. */
export function HoursFigures({ time }: { time: ProjectTime }) {
  const { t } = useLingui();
  const { totalMinutes, monthMinutes, monthlyBudgetHours: budget } = time;
  const month = formatDuration(monthMinutes);
  const used = budget ? t`${month} of ${budget} h budget` : month;
  const budgetMinutes = (budget ?? 0) * 60;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div>
        <dt className="text-xs font-medium text-muted-foreground">{t`Total`}</dt>
        <dd className="mt-1 text-sm font-medium">{formatDuration(totalMinutes)}</dd>
      </div>
      <div>
        <dt className="text-xs font-medium text-muted-foreground">{t`This month`}</dt>
        <dd className="mt-1 space-y-2 text-sm font-medium">
          <p>{used}</p>
          {budget ? (
            <div
              role="progressbar"
              aria-label={t`Budget used this month`}
              aria-valuemin={0}
              aria-valuemax={budgetMinutes}
              aria-valuenow={Math.min(monthMinutes, budgetMinutes)}
              aria-valuetext={used}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className={monthMinutes > budgetMinutes ? "h-full bg-destructive" : "h-full bg-primary"} style={{ width: `${Math.min(100, (monthMinutes / budgetMinutes) * 100)}%` }} />
            </div>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The customer's view of a project's hours (ADR 047). Nothing while it loads, nor when nothing was
 * logged and no budget is set: a project without tracked time shows no empty card.
 */
export function ProjectHours({ projectId }: { projectId: string }) {
  const { t } = useLingui();
  const time = useProjectTime(projectId);
  if (time.isError) return <LoadError message={t`Could not load the hours.`} onRetry={() => void time.refetch()} />;
  if (!time.data || (!time.data.totalMinutes && !time.data.monthlyBudgetHours)) return null;
  return (
    <section aria-label={t`Hours`}>
      <TitledCard title={t`Hours`}>
        <HoursFigures time={time.data} />
      </TitledCard>
    </section>
  );
}
