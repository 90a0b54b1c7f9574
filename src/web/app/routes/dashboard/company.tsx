import { PageHeader } from "@/web/components/layout/page-header";
import { QueryStates } from "@/web/components/layout/record-states";
import { useMyCompany } from "@/web/features/companies/api/use-my-company";
import { CompanyProfileForm } from "@/web/features/companies/components/company-profile-form";
import { CompanyStats } from "@/web/features/companies/components/company-stats";

export function CompanyRoute() {
  const mine = useMyCompany();

  return (
    <div className="space-y-6">
      <PageHeader title="Company Profile" description="Your company's details and activity." />
      <QueryStates query={mine} loadError="Could not load your company profile.">
        {(data) => (
          <>
            <CompanyStats data={data} />
            {/* Remounts with fresh defaults once the company exists. */}
            <CompanyProfileForm key={data.company?.id ?? "new"} company={data.company} />
          </>
        )}
      </QueryStates>
    </div>
  );
}
