import { Trans, useLingui } from "@lingui/react/macro";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { accessRecordTypes, type AccessRecordType } from "@/shared/rules/access-log";
import { LoadMore } from "@/web/components/load-more";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { NativeSelect } from "@/web/components/ui/input";
import { LoadError } from "@/web/components/ui/load-error";
import { PageSpinner } from "@/web/components/ui/spinner";
import { useAccessLog, useAccessLogPeople, type AccessLogFilters } from "../api/use-access-log";
import { useAccessRecordWords } from "../lib/access-words";
import { AccessLogTable } from "./access-log-table";
import { AccessLogTrust } from "./access-log-trust";

const queryOf = (filters: AccessLogFilters) => new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();

/** The company's access log (ADR 050): who of the provider's team read or changed which record, filters, exports and the chain's check. */
export function AccessLogPage() {
  const [filters, setFilters] = useState<AccessLogFilters>({});
  const log = useAccessLog(filters);
  const people = useAccessLogPeople();
  const words = useAccessRecordWords();
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filters.actorId || filters.recordType);
  const query = queryOf(filters);
  const { t } = useLingui();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="space-y-1.5 text-sm font-medium">
          <span className="block">
            <Trans>Person</Trans>
          </span>
          <NativeSelect value={filters.actorId ?? ""} onChange={(event) => setFilters({ ...filters, actorId: event.target.value || undefined })}>
            <option value="">{t`Everyone`}</option>
            {(people.data ?? []).map((person) => (
              <option key={person.id} value={person.id}>
                {person.name || person.email}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="space-y-1.5 text-sm font-medium">
          <span className="block">
            <Trans>Record</Trans>
          </span>
          <NativeSelect value={filters.recordType ?? ""} onChange={(event) => setFilters({ ...filters, recordType: (event.target.value || undefined) as AccessRecordType | undefined })}>
            <option value="">{t`All records`}</option>
            {accessRecordTypes.map((type) => (
              <option key={type} value={type}>
                {words[type]}
              </option>
            ))}
          </NativeSelect>
        </label>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={`/api/access-log/export${query ? `?${query}` : ""}`} download>
              <Trans>Export CSV</Trans>
            </a>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={`/api/access-log/signed-export${query ? `?${query}` : ""}`} download>
              <Trans>Export signed JSON</Trans>
            </a>
          </Button>
        </div>
      </div>
      {log.isPending ? (
        <PageSpinner />
      ) : log.isError && items.length === 0 ? (
        <LoadError message={t`Error fetching the access log`} onRetry={() => void log.refetch()} />
      ) : items.length === 0 ? (
        <div data-testid="access-log-empty">
          <EmptyState
            icon={<ShieldCheck className="h-10 w-10 text-muted-foreground" aria-hidden />}
            title={filtered ? t`No entries match these filters` : t`No access recorded yet`}
            description={t`When someone of our team opens or changes one of your company's records, it appears here.`}
          />
        </div>
      ) : (
        <div aria-busy={log.isFetching} className="rounded-lg border border-border">
          <AccessLogTable events={items} />
          <LoadMore query={log} />
        </div>
      )}
      <AccessLogTrust />
    </div>
  );
}
