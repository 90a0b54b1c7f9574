import { useLingui } from "@lingui/react/macro";
import { Building2 } from "lucide-react";
import { PagedList } from "@/web/components/paged-list";
import { EmptyState } from "@/web/components/ui/empty-state";
import { useListParams } from "@/web/components/ui/pagination";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useCompanyPage } from "../../api/use-company-page";
import { CustomersTable } from "./customers-table";

/** Search, table and pager of every customer company; the state lives in the URL. */
export function CustomerList() {
  const list = useListParams();
  const { t } = useLingui();
  const companies = useCompanyPage({ page: list.page, q: list.q, sort: list.sort });
  // A list that fails to load is logged, not toasted (spec section 8).
  useErrorToast(companies.error, { log: "Failed to load customers" });

  return (
    <PagedList
      query={companies}
      list={list}
      noun={t`customers`}
      searchBy={t`company name`}
      empty={
        <EmptyState
          icon={<Building2 className="h-10 w-10 text-muted-foreground" aria-hidden />}
          title={t`No Customers Yet`}
          description={t`Companies appear here once a customer creates their company profile, or when you add one with New Customer.`}
        />
      }
    >
      {(items) => <CustomersTable customers={items} sort={list.sort} onSortChange={list.setSort} />}
    </PagedList>
  );
}
