import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { PageHeader } from "@/web/components/layout/page-header";
import { QueryStates } from "@/web/components/layout/record-states";
import { useCompanyOverview } from "@/web/features/overview/api/use-company-overview";
import { CompanyOverviewView } from "@/web/features/overview/components/company-overview";
import { useMe } from "@/web/lib/session";
import { CompanyRoute } from "./company";

/**
 * /dashboard: the company at a glance (ADR 035). A customer without a company sees the company
 * form first, as before the overview existed, and stays on it after saving (the stats and team
 * appear there); the overview is theirs from their next visit on.
 */
export function OverviewRoute() {
  const me = useMe();
  const [formFirst] = useState(() => !me.data?.company);
  if (formFirst) return <CompanyRoute />;
  return <CompanyOverviewPage />;
}

function CompanyOverviewPage() {
  const { t } = useLingui();
  const overview = useCompanyOverview();
  return (
    <div>
      <PageHeader title={t`Overview`} description={overview.data ? t`${overview.data.company.name} at a glance.` : t`Your company at a glance.`} />
      <QueryStates query={overview} loadError={t`Could not load the overview.`}>
        {(data) => <CompanyOverviewView overview={data} />}
      </QueryStates>
    </div>
  );
}
