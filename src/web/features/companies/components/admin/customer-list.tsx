import { Building2 } from "lucide-react";
import { PagedList } from "@/web/components/paged-list";
import { EmptyState } from "@/web/components/ui/empty-state";
import { useListParams } from "@/web/components/ui/pagination";
import { SearchInput } from "@/web/components/ui/search-input";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useCompanyPage } from "../../api/use-company-page";
import { CustomersTable } from "./customers-table";

/** Search, table and pager of every customer company; the state lives in the URL. */
export function CustomerList() {
  const { page, q, sort, setPage, setQuery, setSort } = useListParams();
  const companies = useCompanyPage({ page, q, sort });
  // A list that fails to load is logged, not toasted (spec section 8).
  useErrorToast(companies.error, { log: "Failed to load customers" });

  return (
    <PagedList
      query={companies}
      noun="customers"
      q={q}
      onPageChange={setPage}
      toolbar={<SearchInput label="Search customers" placeholder="Search by company name" value={q} onSearch={setQuery} />}
      empty={
        <EmptyState
          icon={<Building2 className="h-10 w-10 text-muted-foreground" aria-hidden />}
          title="No Customers Yet"
          description="Companies appear here once a customer creates their company profile."
        />
      }
      noMatch={`No company name contains "${q}".`}
    >
      {(items) => <CustomersTable customers={items} sort={sort} onSortChange={setSort} />}
    </PagedList>
  );
}
