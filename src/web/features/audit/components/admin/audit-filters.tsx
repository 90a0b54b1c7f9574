import { Trans, useLingui } from "@lingui/react/macro";
import { auditKinds } from "@/shared/rules/audit";
import { EnumOptions } from "@/web/components/ui/enum-options";
import { Input, NativeSelect } from "@/web/components/ui/input";
import { SearchInput } from "@/web/components/ui/search-input";
import { CompanySelect } from "@/web/features/companies";
import { auditKindMessages } from "@/web/lib/i18n/admin-labels";
import type { AuditFilters as Filters } from "../../audit-search-params";

interface AuditFiltersProps {
  filters: Filters;
  /** Sets one filter ("" removes it). */
  onChange: (name: keyof Filters, value: string) => void;
}

/** Actor email, company, kind and a range of days; each applies as it changes. */
export function AuditFilters({ filters, onChange }: AuditFiltersProps) {
  const { t } = useLingui();
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <SearchInput showLabel label={t`Actor email`} placeholder={t`Actor email contains`} value={filters.actor ?? ""} onSearch={(value) => onChange("actor", value)} />
      <div className="space-y-1">
        <label htmlFor="audit-kind" className="text-sm font-medium">
          <Trans>Event</Trans>
        </label>
        <NativeSelect id="audit-kind" value={filters.kind ?? ""} onChange={(event) => onChange("kind", event.target.value)}>
          <option value="">{t`All events`}</option>
          <EnumOptions values={auditKinds} labels={auditKindMessages} />
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-company" className="text-sm font-medium">
          <Trans>Company</Trans>
        </label>
        <CompanySelect id="audit-company" value={filters.companyId ?? ""} onChange={(companyId) => onChange("companyId", companyId)} />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-from" className="text-sm font-medium">
          <Trans context="date range">From</Trans>
        </label>
        <Input id="audit-from" type="date" value={filters.from ?? ""} max={filters.to} onChange={(event) => onChange("from", event.target.value)} />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-to" className="text-sm font-medium">
          <Trans context="date range">To</Trans>
        </label>
        <Input id="audit-to" type="date" value={filters.to ?? ""} min={filters.from} onChange={(event) => onChange("to", event.target.value)} />
      </div>
    </div>
  );
}
