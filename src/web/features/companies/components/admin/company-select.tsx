import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { CompanyOption } from "@/shared/schemas/company";
import { NamedOptions } from "@/web/components/ui/enum-options";
import { NativeSelect } from "@/web/components/ui/input";
import { SearchInput } from "@/web/components/ui/search-input";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useCompanyOptions } from "../../api/use-company-options";

interface CompanySelectProps {
  /** Id of the select, for its label. */
  id: string;
  /** The chosen company id, "" for none. */
  value: string;
  onChange: (companyId: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** Load only while visible (a closed dialog asks for nothing). */
  enabled?: boolean;
}

/**
 * Picks a company among possibly thousands: a name filter narrows the server's list (at most
 * 100 by name), and the chosen company stays selectable whatever the filter shows.
 */
export function CompanySelect({ id, value, onChange, onBlur, invalid, enabled = true }: CompanySelectProps) {
  const [filter, setFilter] = useState("");
  const [chosen, setChosen] = useState<CompanyOption | undefined>(undefined);
  const companies = useCompanyOptions(filter, { enabled });
  const { t } = useLingui();
  useErrorToast(companies.error, { log: "Failed to load companies", toast: t`Error fetching companies` });

  const options = companies.data ?? [];
  const keepChosen = chosen && chosen.id === value && !options.some((company) => company.id === value);
  const shown = keepChosen ? [chosen, ...options] : options;

  return (
    <div className="space-y-2">
      <SearchInput label={t`Filter companies`} placeholder={t`Filter by name`} value={filter} onSearch={setFilter} />
      <NativeSelect
        id={id}
        value={value}
        aria-invalid={invalid}
        aria-busy={companies.isFetching}
        onBlur={onBlur}
        onChange={(event) => {
          setChosen(shown.find((company) => company.id === event.target.value));
          onChange(event.target.value);
        }}
      >
        <option value="">{companies.isPending ? t`Loading companies...` : filter && options.length === 0 ? t`No company matches` : t`Select a company`}</option>
        <NamedOptions records={shown} />
      </NativeSelect>
    </div>
  );
}
