import { useLingui } from "@lingui/react/macro";
import { Navigate } from "react-router";
import { PageHeader } from "@/web/components/layout/page-header";
import { QueryStates } from "@/web/components/layout/record-states";
import { useCompanyOverview } from "@/web/features/overview/api/use-company-overview";
import { CompanyOverviewView } from "@/web/features/overview/components/company-overview";
import { useMe } from "@/web/lib/session";

/**
 * /dashboard/overview: the company at a glance (ADR 035). A customer without a company has nothing
 * to overlook yet: they go to the company form at /dashboard, the spec's first page.
 */
export function OverviewRoute() {
  const me = useMe();
  if (!me.data?.company) return <Navigate replace to="/dashboard" />;
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
