import { useLingui } from "@lingui/react/macro";
import { Briefcase, CalendarDays } from "lucide-react";
import type { ReactNode } from "react";
import { formatInstantDate } from "@/shared/format";
import type { MyCompany } from "@/shared/schemas/company";
import { Card } from "@/web/components/ui/card";

function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card role="region" aria-label={label}>
      <div className="flex items-center justify-between gap-4 p-6">
        <div>
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p data-testid="stat-value" className="mt-1 text-2xl font-bold">
            {value}
          </p>
        </div>
        <span aria-hidden className="rounded-full bg-muted p-3 text-primary">
          {icon}
        </span>
      </div>
    </Card>
  );
}

/**
 * The two cards above the profile form (spec: Company profile), and a third the page passes in
 * (the outstanding balance, which the invoices feature owns).
 */
export function CompanyStats({ data, extra }: { data: MyCompany; extra?: { label: string; value: ReactNode; icon: ReactNode } }) {
  const { t } = useLingui();
  return (
    <div className={extra ? "grid gap-4 sm:grid-cols-3" : "grid gap-4 sm:grid-cols-2"}>
      <StatCard label={t`Active Projects`} value={data.activeProjectCount} icon={<Briefcase className="h-5 w-5" />} />
      <StatCard
        label={t`Member Since`}
        value={formatInstantDate(data.company?.createdAt, t`N/A`)}
        icon={<CalendarDays className="h-5 w-5" />}
      />
      {extra ? <StatCard {...extra} /> : null}
    </div>
  );
}
