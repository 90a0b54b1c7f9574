import { ArrowDown, ArrowUp, FileText } from "lucide-react";
import { PagedList } from "@/web/components/paged-list";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { useListParams } from "@/web/components/ui/pagination";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useInvoicePage } from "../../api/use-invoice-page";
import { InvoicesTable } from "./invoices-table";

/** Search, table and pager of every company's invoices; the state lives in the URL. */
export function InvoiceList() {
  const list = useListParams();
  const { sort, setSort } = list;
  const invoices = useInvoicePage({ page: list.page, q: list.q, sort });
  useErrorToast(invoices.error, { log: "Failed to load invoices", toast: "Error fetching invoices" });
  const SortIcon = sort === "asc" ? ArrowUp : ArrowDown;

  return (
    <PagedList
      query={invoices}
      list={list}
      noun="invoices"
      searchBy="invoice number"
      actions={
        // The server orders the admin list by creation date, which the table has no column for.
        <Button variant="outline" size="sm" onClick={() => setSort(sort === "asc" ? "desc" : "asc")}>
          <SortIcon className="h-4 w-4" aria-hidden />
          {sort === "asc" ? "Oldest first" : "Newest first"}
          <span className="sr-only"> (change order)</span>
        </Button>
      }
      empty={
        <EmptyState
          icon={<FileText className="h-10 w-10 text-muted-foreground" aria-hidden />}
          title="No Invoices Yet"
          description="Create the first one with New Invoice."
        />
      }
    >
      {(items) => <InvoicesTable invoices={items} />}
    </PagedList>
  );
}
