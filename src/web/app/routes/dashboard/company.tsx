import { useLingui } from "@lingui/react/macro";
import { Wallet } from "lucide-react";
import type { ActivityEntry } from "@/shared/schemas/activity";
import { PageHeader } from "@/web/components/layout/page-header";
import { QueryStates } from "@/web/components/layout/record-states";
import { CompanyActivityCard } from "@/web/features/activity";
import { useMyCompany } from "@/web/features/companies/api/use-my-company";
import { CompanyProfileForm } from "@/web/features/companies/components/company-profile-form";
import { CompanyStats } from "@/web/features/companies/components/company-stats";
import { OutstandingBalance } from "@/web/features/invoices/components/outstanding-balance";
import { TeamSection } from "@/web/features/members/components/team-section";
import { customerProjectPath } from "@/web/features/projects";

/** Each record's page in the customer area. */
const customerRecordPath = (subject: ActivityEntry["subject"]) =>
  subject.type === "project" ? customerProjectPath({ id: subject.id, slug: subject.slug ?? "" }) : `/dashboard/${subject.type}s/${subject.id}`;

export function CompanyRoute() {
  const mine = useMyCompany();
  const { t } = useLingui();

  return (
    <div className="space-y-6">
      <PageHeader title={t`Company Profile`} description={t`Your company's details and activity.`} />
      <QueryStates query={mine} loadError={t`Could not load your company profile.`}>
        {(data) => (
          <>
            {/* A customer without a company owes nothing: the card appears with the company. */}
            <CompanyStats data={data} extra={data.company ? { label: t`Outstanding Balance`, value: <OutstandingBalance />, icon: <Wallet className="h-5 w-5" /> } : undefined} />
            {/* Remounts with fresh defaults once the company exists. */}
            <CompanyProfileForm key={data.company?.id ?? "new"} company={data.company} />
            {/* Gone again when the customer is removed from the company: `company` is null then. */}
            {data.company ? <TeamSection companyId={data.company.id} /> : null}
            {data.company ? <CompanyActivityCard companyId={data.company.id} linkTo={customerRecordPath} /> : null}
          </>
        )}
      </QueryStates>
    </div>
  );
}
