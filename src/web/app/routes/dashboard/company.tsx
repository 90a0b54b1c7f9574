import { PageHeader } from "../../../components/layout/page-header";
import { Button } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { useMyCompany } from "../../../features/company/api/use-my-company";
import { CompanyProfileForm } from "../../../features/company/components/company-profile-form";
import { CompanyStats } from "../../../features/company/components/company-stats";

export function CompanyRoute() {
  const mine = useMyCompany();

  return (
    <div className="space-y-6">
      <PageHeader title="Company Profile" description="Your company's details and activity." />
      {mine.isPending ? (
        <PageSpinner />
      ) : mine.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 p-6 text-sm">
          <p>Could not load your company profile.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void mine.refetch()}>
            Try again
          </Button>
        </div>
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
