import { ArrowDown, ArrowUp, FileText } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { Pagination, useListParams } from "../../../components/ui/pagination";
import { SearchInput } from "../../../components/ui/search-input";
import { Spinner } from "../../../components/ui/spinner";
import { useInvoices } from "../api/get-invoices";
import { useErrorToast } from "../lib/use-error-toast";
import { InvoicesTable } from "./invoices-table";

/** Search, table and pager of every company's invoices; the state lives in the URL. */
export function InvoiceList() {
  const { page, q, sort, setPage, setQuery, setSort } = useListParams();
  const invoices = useInvoices({ page, q, sort });
  useErrorToast(invoices.error, { log: "Failed to load invoices", toast: "Error fetching invoices" });
  const SortIcon = sort === "asc" ? ArrowUp : ArrowDown;

  const data = invoices.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchInput label="Search invoices" placeholder="Search by invoice number" value={q} onSearch={setQuery} />
        {/* The server orders the admin list by creation date, which the table has no column for. */}
        <Button variant="outline" size="sm" onClick={() => setSort(sort === "asc" ? "desc" : "asc")}>
          <SortIcon className="h-4 w-4" aria-hidden />
          {sort === "asc" ? "Oldest first" : "Newest first"}
          <span className="sr-only"> (change order)</span>
        </Button>
      </div>
      {invoices.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner label="Loading invoices" />
        </div>
      ) : invoices.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-border bg-background p-10 text-center">
          <p className="font-medium">Could not load invoices.</p>
          <Button variant="outline" size="sm" onClick={() => invoices.refetch()}>
            Try again
          </Button>
        </div>
      ) : data && data.total === 0 && !q ? (
        <EmptyState
          icon={<FileText className="h-10 w-10 text-muted-foreground" aria-hidden />}
          title="No Invoices Yet"
          description="Create the first one with New Invoice."
        />
      ) : data && data.items.length === 0 && page === 1 ? (
        <EmptyState title="No matching invoices" description={`No invoice number contains "${q}".`} />
      ) : data ? (
        <>
          <Card aria-busy={invoices.isPlaceholderData}>
            <CardContent className="p-0">
              <InvoicesTable invoices={data.items} />
            </CardContent>
          </Card>
          <Pagination label="Invoices pages" data={data} onPageChange={setPage} />
        </>
      ) : null}
    </div>
  );
}
