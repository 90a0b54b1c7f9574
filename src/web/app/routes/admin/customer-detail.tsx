import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { formatInstantDate } from "@/shared/format";
import { PageHeader } from "@/web/components/layout/page-header";
import { TitledCard } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { RecordPage } from "../../record-page";
import type { ActivityEntry } from "@/shared/schemas/activity";
import type { Company } from "@/shared/schemas/company";
import { CompanyActivityCard } from "@/web/features/activity";
import { useCompany } from "@/web/features/companies/api/use-company";
import { CustomerInfo } from "@/web/features/companies/components/admin/customer-info";
import { EditCustomerDialog } from "@/web/features/companies/components/admin/edit-customer-dialog";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { NewProjectDialog } from "@/web/features/projects/components/admin/new-project-dialog";
import { ProjectList } from "@/web/features/projects/components/admin/project-list";
import { TeamSection } from "@/web/features/members/components/team-section";
import { CompanySsoSection } from "@/web/features/sso/components/admin/company-sso-section";
import { CustomerBalance } from "@/web/features/invoices/components/admin/customer-balance";
import { InvoiceTimeDialog } from "@/web/features/time/components/admin/invoice-time-dialog";
import { isNotFound } from "@/web/lib/api";

/** For the console; the screen says it in the reader's language. */
const LOAD_FAILED = "Failed to load customer data";

/** Each record's page in the admin area. */
const adminRecordPath = (subject: ActivityEntry["subject"]) => `/admin/${subject.type}s/${subject.id}`;

export function CustomerDetailRoute() {
  const { id = "" } = useParams();
  const company = useCompany(id);
  const { t } = useLingui();
  const loadFailed = t`Failed to load customer data`;
  // A malformed id (400) is as missing as an unknown one (404).
  const missing = isNotFound(company.error, { malformedToo: true });
  useErrorToast(missing ? null : company.error, { log: LOAD_FAILED, toast: loadFailed });

  return (
    <RecordPage
      area="admin"
      back={{ to: "/admin", label: t`Back to Customers` }}
      query={company}
      missing={missing}
      notFound={<EmptyState title={t`Customer not found`} description={t`The company may have been removed, or the link is wrong.`} />}
      loadError={loadFailed}
    >
      {(customer) => <CustomerPage customer={customer} />}
    </RecordPage>
  );
}

function CustomerPage({ customer }: { customer: Company }) {
  const { t } = useLingui();
  const since = formatInstantDate(customer.createdAt);
  return (
    <>
      <PageHeader
        title={customer.name}
        description={t`Customer since ${since}`}
        actions={
          <>
            <InvoiceTimeDialog companyId={customer.id} />
            <EditCustomerDialog key={customer.id} company={customer} />
          </>
        }
      />
      <div className="space-y-6">
        <CustomerInfo company={customer} />
        <CustomerBalance companyId={customer.id} />
        <TitledCard title={t`Projects`} actions={<NewProjectDialog key={customer.id} companyId={customer.id} />}>
          <ProjectList companyId={customer.id} errorToast={t`Failed to load customer data`} />
        </TitledCard>
        {/* Where the provider invites a customer's first contact, who becomes its owner. */}
        <TeamSection companyId={customer.id} />
        {/* How the company's members sign in: its own identity provider, and "SSO only" (ADR 051). */}
        <CompanySsoSection companyId={customer.id} />
        <CompanyActivityCard companyId={customer.id} linkTo={adminRecordPath} />
      </div>
    </>
  );
}
