import { Trans, useLingui } from "@lingui/react/macro";
import { auditKinds } from "@/shared/rules/audit";
import { EnumOptions } from "@/web/components/ui/enum-options";
import { Input, NativeSelect } from "@/web/components/ui/input";
import { Labelled } from "@/web/components/ui/labelled";
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
      <Labelled id="audit-kind" label={<Trans>Event</Trans>}>
        <NativeSelect id="audit-kind" value={filters.kind ?? ""} onChange={(event) => onChange("kind", event.target.value)}>
          <option value="">{t`All events`}</option>
          <EnumOptions values={auditKinds} labels={auditKindMessages} />
        </NativeSelect>
      </Labelled>
      <Labelled id="audit-company" label={<Trans>Company</Trans>}>
        <CompanySelect id="audit-company" value={filters.companyId ?? ""} onChange={(companyId) => onChange("companyId", companyId)} />
      </Labelled>
      <Labelled id="audit-from" label={<Trans context="date range">From</Trans>}>
        <Input id="audit-from" type="date" value={filters.from ?? ""} max={filters.to} onChange={(event) => onChange("from", event.target.value)} />
      </Labelled>
      <Labelled id="audit-to" label={<Trans context="date range">To</Trans>}>
        <Input id="audit-to" type="date" value={filters.to ?? ""} min={filters.from} onChange={(event) => onChange("to", event.target.value)} />
      </Labelled>
    </div>
  );
}
