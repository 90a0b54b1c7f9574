import { Building2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Pagination, useListParams } from "../../../components/ui/pagination";
import { SearchInput } from "../../../components/ui/search-input";
import { Spinner } from "../../../components/ui/spinner";
import { useCompanies } from "../api/get-companies";
import { useErrorToast } from "../lib/use-error-toast";
import { CustomersTable } from "./customers-table";

/** Search, table and pager of every customer company; the state lives in the URL. */
export function CustomerList() {
  const { page, q, sort, setPage, setQuery, setSort } = useListParams();
  const companies = useCompanies({ page, q, sort });
  // A list that fails to load is logged, not toasted (spec section 8).
  useErrorToast(companies.error, { log: "Failed to load customers" });

  const data = companies.data;
  return (
    <div className="space-y-4">
      <SearchInput label="Search customers" placeholder="Search by company name" value={q} onSearch={setQuery} />
      {companies.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner label="Loading customers" />
        </div>
      ) : companies.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-border bg-background p-10 text-center">
          <p className="font-medium">Could not load customers.</p>
          <Button variant="outline" size="sm" onClick={() => companies.refetch()}>
            Try again
          </Button>
        </div>
      ) : data && data.total === 0 && !q ? (
        <EmptyState
          icon={<Building2 className="h-10 w-10 text-muted-foreground" aria-hidden />}
          title="No Customers Yet"
          description="Companies appear here once a customer creates their company profile."
        />
      ) : data && data.items.length === 0 && page === 1 ? (
        <EmptyState title="No matching customers" description={`No company name contains "${q}".`} />
      ) : data ? (
        <>
          <Card aria-busy={companies.isPlaceholderData}>
            <CardContent className="p-0">
              <CustomersTable customers={data.items} sort={sort} onSortChange={setSort} />
            </CardContent>
          </Card>
          <Pagination label="Customers pages" data={data} onPageChange={setPage} />
        </>
      ) : null}
    </div>
  );
}
