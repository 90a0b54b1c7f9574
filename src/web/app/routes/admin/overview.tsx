import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/web/components/layout/page-header";
import { QueryStates } from "@/web/components/layout/record-states";
import { useWorkQueue } from "@/web/features/overview/api/use-work-queue";
import { WorkQueueView } from "@/web/features/overview/components/admin/work-queue-view";

/** /admin/overview: the team's work queue (ADR 035); the spec's Customers table keeps the index, /admin. */
export function AdminOverviewRoute() {
  const { t } = useLingui();
  const queue = useWorkQueue();
  return (
    <div>
      <PageHeader title={t`Overview`} description={t`What needs the team, most pressing first.`} />
      <QueryStates query={queue} loadError={t`Could not load the work queue.`}>
        {(data) => <WorkQueueView queue={data} />}
      </QueryStates>
    </div>
  );
}
