import { Trans, useLingui } from "@lingui/react/macro";
import { ShieldCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { LoadMore } from "@/web/components/load-more";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { LoadError } from "@/web/components/ui/load-error";
import { PageSpinner } from "@/web/components/ui/spinner";
import { useAuditEvents } from "../../api/use-audit-events";
import { filtersFromParams, filtersQuery, type AuditFilters as Filters } from "../../audit-search-params";
import { AuditFilters } from "./audit-filters";
import { AuditTable } from "./audit-table";

/** The audit log with its filters (kept in the URL), "Show more" and the CSV export of what is filtered. */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const events = useAuditEvents(filters);
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.values(filters).some(Boolean);
  const { t } = useLingui();

  const setFilter = (name: keyof Filters, value: string) =>
    setParams(
      (previous) => {
        const changed = new URLSearchParams(previous);
        if (value) changed.set(name, value);
        else changed.delete(name);
        return changed;
      },
      { replace: true },
    );

  const query = filtersQuery(filters);
  return (
    <div className="space-y-4">
      <AuditFilters filters={filters} onChange={setFilter} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {filtered ? (
          <Button variant="ghost" size="sm" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            <Trans>Clear filters</Trans>
          </Button>
        ) : null}
        <Button variant="outline" size="sm" asChild>
          <a href={`/api/audit/export${query ? `?${query}` : ""}`} download>
            <Trans>Export CSV</Trans>
          </a>
        </Button>
      </div>
      {events.isPending ? (
        <PageSpinner />
      ) : events.isError && items.length === 0 ? (
        <LoadError message={t`Error fetching the audit log`} onRetry={() => void events.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<ShieldCheck className="h-10 w-10 text-muted-foreground" aria-hidden />}
          title={filtered ? t`No events match these filters` : t`No events yet`}
          description={filtered ? t`Widen the dates or clear a filter to see more.` : t`Sign-ins and account changes appear here as they happen.`}
        />
      ) : (
        <div aria-busy={events.isFetching} className="rounded-lg border border-border">
          <AuditTable events={items} />
          <LoadMore query={events} />
        </div>
      )}
    </div>
  );
}
