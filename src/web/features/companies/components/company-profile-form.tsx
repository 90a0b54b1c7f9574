import { Trans, useLingui } from "@lingui/react/macro";
import type { Company } from "@/shared/schemas/company";
import { Button } from "@/web/components/ui/button";
import { TitledCard } from "@/web/components/ui/card";
import { useSaveCompanyProfile } from "../api/use-my-company";
import { CompanyForm } from "./company-form";

/** The customer's own profile: creates the company when there is none, otherwise updates it (D3). */
export function CompanyProfileForm({ company }: { company: Company | null }) {
  const save = useSaveCompanyProfile();
  const { t } = useLingui();

  return (
    <TitledCard
      title={<Trans>Company Information</Trans>}
      description={company ? t`Keep your company's details up to date.` : t`Create your company profile to get started.`}
    >
      <CompanyForm
        company={company}
        save={save.mutateAsync}
        actions={(isSubmitting) => (
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
            {isSubmitting ? t`Saving...` : t`Save Changes`}
          </Button>
        )}
      />
    </TitledCard>
  );
}
