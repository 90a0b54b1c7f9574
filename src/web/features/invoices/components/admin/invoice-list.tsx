import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowDown, ArrowUp, FileText } from "lucide-react";
import { PagedList } from "@/web/components/paged-list";
import { Button } from "@/web/components/ui/button";
import { EmptyState } from "@/web/components/ui/empty-state";
import { useListParams } from "@/web/components/ui/pagination";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useInvoicePage } from "../../api/use-invoice-page";
import { ExportInvoicesLink, ExportPaymentsLink, InvoiceStatusFilter, useInvoiceListFilters } from "./invoice-list-filters";
import { InvoicesTable } from "./invoices-table";

/** Search, status filter, export, table and pager of every company's invoices; the state lives in the URL. */
export function InvoiceList() {
  const { t } = useLingui();
  const list = useListParams();
  const { sort, setSort } = list;
  const { status, companyId, setStatus } = useInvoiceListFilters();
  const invoices = useInvoicePage({ page: list.page, q: list.q, sort, status, companyId });
  useErrorToast(invoices.error, { log: "Failed to load invoices", toast: t`Error fetching invoices` });
  const SortIcon = sort === "asc" ? ArrowUp : ArrowDown;

  return (
    <PagedList
      query={invoices}
      list={list}
      noun={t`invoices`}
      searchBy={t`invoice number`}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <InvoiceStatusFilter value={status} onChange={setStatus} />
          {/* The server orders the admin list by creation date, which the table has no column for. */}
          <Button variant="outline" size="sm" onClick={() => setSort(sort === "asc" ? "desc" : "asc")}>
            <SortIcon className="h-4 w-4" aria-hidden />
            {sort === "asc" ? (
              <Trans>
                Oldest first<span className="sr-only"> (change order)</span>
              </Trans>
            ) : (
              <Trans>
                Newest first<span className="sr-only"> (change order)</span>
              </Trans>
            )}
          </Button>
          <ExportInvoicesLink status={status} companyId={companyId} q={list.q} sort={sort} />
          <ExportPaymentsLink />
        </div>
      }
      empty={
        status || companyId ? (
          <EmptyState title={t`No matching invoices`} description={t`No invoice matches these filters.`} />
        ) : (
          <EmptyState
            icon={<FileText className="h-10 w-10 text-muted-foreground" aria-hidden />}
            title={t`No Invoices Yet`}
            description={t`Create the first one with New Invoice.`}
          />
        )
      }
    >
      {(items) => <InvoicesTable invoices={items} />}
    </PagedList>
  );
}
