import { PageHeader } from "@/web/components/layout/page-header";
import { PageSpinner } from "@/web/components/ui/spinner";
import { useMyCompany } from "@/web/features/companies/api/use-my-company";
import { CompanyProfileForm } from "@/web/features/companies/components/company-profile-form";
import { CompanyStats } from "@/web/features/companies/components/company-stats";
import { LoadError } from "@/web/components/ui/load-error";

export function CompanyRoute() {
  const mine = useMyCompany();

  return (
    <div className="space-y-6">
      <PageHeader title="Company Profile" description="Your company's details and activity." />
      {mine.isPending ? (
        <PageSpinner />
      ) : mine.isError ? (
        <LoadError message="Could not load your company profile." onRetry={() => void mine.refetch()} />
      ) : (
        <>
          <CompanyStats data={mine.data} />
          {/* Remounts with fresh defaults once the company exists. */}
          <CompanyProfileForm key={mine.data.company?.id ?? "new"} company={mine.data.company} />
        </>
      )}
    </div>
  );
}
