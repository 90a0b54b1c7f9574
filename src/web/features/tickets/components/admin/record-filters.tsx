import { Trans, useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { UNASSIGNED } from "@/shared/rules/ticket";
import { Button } from "@/web/components/ui/button";
import { EnumOptions } from "@/web/components/ui/enum-options";
import { Labelled } from "@/web/components/ui/labelled";
import { NativeSelect } from "@/web/components/ui/input";
import { CompanySelect, useCompany } from "@/web/features/companies";
import { useTeam } from "@/web/features/team";

/* The filter bar of the admin's ticket and project lists: selects whose values live in the URL. */

export function FilterBar({ active, onClear, children }: { active: boolean; onClear: () => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div role="group" aria-label={t`Filters`} className="flex flex-wrap items-end gap-3">
      {children}
      {active ? (
        <Button variant="ghost" onClick={onClear}>
          <X className="h-4 w-4" aria-hidden />
          <Trans>Clear filters</Trans>
        </Button>
      ) : null}
    </div>
  );
}

interface EnumFilterProps<Value extends string> {
  id: string;
  label: string;
  /** The first option's text: what no filter shows ("All statuses"). */
  all: string;
  values: readonly Value[];
  labels: Record<Value, MessageDescriptor>;
  value: string;
  onChange: (value: string) => void;
}

export function EnumFilter<Value extends string>({ id, label, all, values, labels, value, onChange }: EnumFilterProps<Value>) {
  return (
    <Labelled compact id={id} label={label}>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        <EnumOptions values={values} labels={labels} />
      </NativeSelect>
    </Labelled>
  );
}

/** Anyone, nobody ("Unassigned") or one team member. */
export function AssigneeFilter({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const team = useTeam();
  return (
    <Labelled compact id={id} label={t`Assignee`}>
      <NativeSelect id={id} value={value} aria-busy={team.isPending} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t`Anyone`}</option>
        <option value={UNASSIGNED}>{t`Unassigned`}</option>
        {(team.data ?? []).map((member) => (
          <option key={member.id} value={member.id}>
            {member.name || member.email}
          </option>
        ))}
      </NativeSelect>
    </Labelled>
  );
}

/** A company among thousands (CompanySelect's name filter); the chosen one is named after a reload too. */
export function CompanyFilter({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const chosen = useCompany(value, { enabled: value !== "" });
  const name = chosen.data?.name;
  return (
    <Labelled compact id={id} label={t`Company`}>
      <CompanySelect id={id} value={value} onChange={onChange} />
      {value && name ? (
        <span className="text-xs text-muted-foreground">
          <Trans>Showing {name}</Trans>
        </span>
      ) : null}
    </Labelled>
  );
}
