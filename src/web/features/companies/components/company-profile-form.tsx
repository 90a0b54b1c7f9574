import type { Company } from "@/shared/schemas/company";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { useSaveCompanyProfile } from "../api/use-my-company";
import { CompanyForm } from "./company-form";

/** The customer's own profile: creates the company when there is none, otherwise updates it (D3). */
export function CompanyProfileForm({ company }: { company: Company | null }) {
  const save = useSaveCompanyProfile();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Company Information</CardTitle>
        <CardDescription>
          {company ? "Keep your company's details up to date." : "Create your company profile to get started."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <CompanyForm
          company={company}
          save={save.mutateAsync}
          actions={(isSubmitting) => (
            <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
              {isSubmitting ? "Saving..." : "Save Changes"}
            </Button>
          )}
        />
      </CardContent>
    </Card>
  );
}
