import { useLingui } from "@lingui/react/macro";
import { FileText } from "lucide-react";
import type { ReactNode } from "react";
import type { Quote } from "@/shared/schemas/quote";
import { formatDate } from "@/shared/format";
import { Card } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { LoadError } from "@/web/components/ui/load-error";
import { Pagination, useListParams } from "@/web/components/ui/pagination";
import { Spinner } from "@/web/components/ui/spinner";
import { LinkCell, Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";
import { formatCurrency } from "@/web/lib/format-currency";
import { useQuotePage, type QuoteListParams } from "../api/use-quotes";
import { QuoteStatusBadge } from "./quote-status-badge";

interface QuoteListProps {
  /** Where a quote's page is: /admin/quotes or /dashboard/quotes. */
  basePath: string;
  status?: QuoteListParams["status"];
  /** Shown when there are none; the admin's says how to make one, or that none matches the filter. */
  empty: ReactNode;
  /** Admins see whose quote each is. */
  withCompany?: boolean;
}

/** A page of quotes with its loading, error and empty states and the pager; the page lives in the URL. */
export function QuoteList({ basePath, status, empty, withCompany = false }: QuoteListProps) {
  const { t } = useLingui();
  const { page, setPage } = useListParams();
  const quotes = useQuotePage({ page, status });
  const data = quotes.data;
  if (quotes.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label={t`Loading quotes`} />
      </div>
    );
  }
  if (quotes.isError || !data) return <LoadError message={t`Could not load quotes.`} onRetry={() => void quotes.refetch()} />;
  if (data.total === 0) return <>{empty}</>;
  const headings = [t`Quote #`, ...(withCompany ? [t`Company`] : []), t`Title`, t`Amount`, t`Valid until`, t`Status`];
  return (
    <>
      <Card className="p-2 sm:p-4" aria-busy={quotes.isPlaceholderData}>
        <Table aria-label={t`Quotes`}>
          <TableHeadings names={headings} alignedEnd={[t`Amount`]} />
          <TableBody>
            {data.items.map((quote: Quote) => (
              <TableRow key={quote.id}>
                <LinkCell to={`${basePath}/${quote.id}`} main linkClassName="inline-flex min-h-11 items-center sm:min-h-0">
                  {quote.quoteNumber}
                </LinkCell>
                {withCompany ? <LinkCell to={`/admin/customers/${quote.company.id}`}>{quote.company.name}</LinkCell> : null}
                <TableCell className="break-words">{quote.title}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCurrency(quote.amount, quote.currency)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(quote.validUntil)}</TableCell>
                <TableCell>
                  <QuoteStatusBadge status={quote.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <Pagination label={t`Quotes pages`} data={data} onPageChange={setPage} />
    </>
  );
}

/** The customer's empty list. */
export function NoQuotesYet() {
  const { t } = useLingui();
  return <EmptyState icon={<FileText className="h-10 w-10 text-muted-foreground" aria-hidden />} title={t`No Quotes Yet`} description={t`Quotes sent to your company will appear here.`} />;
}
