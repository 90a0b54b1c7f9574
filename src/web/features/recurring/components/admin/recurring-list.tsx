import { useLingui } from "@lingui/react/macro";
import { Repeat } from "lucide-react";
import { formatDate, formatNumber } from "@/shared/format";
import { Card } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { LoadError } from "@/web/components/ui/load-error";
import { Spinner } from "@/web/components/ui/spinner";
import { LinkCell, Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";
import { useRecurringInvoices } from "../../api/use-recurring-invoices";
import { scheduleInWords } from "../../lib/schedule-words";
import { RecurringStatusBadge } from "./recurring-status-badge";
import { formatCurrency } from "@/web/lib/format-currency";

/**
 * Every recurring invoice, newest first: whose, how much each invoice is, when it issues, its
 * status, how many it issued and its next date. The API sends them all at once (no pages).
 */
export function RecurringList() {
  const { t } = useLingui();
  const list = useRecurringInvoices();
  if (list.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label={t`Loading recurring invoices`} />
      </div>
    );
  }
  if (list.isError) return <LoadError message={t`Could not load recurring invoices.`} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) {
    return (
      <EmptyState
        icon={<Repeat className="h-10 w-10 text-muted-foreground" aria-hidden />}
        title={t`No recurring invoices yet`}
        description={t`Create the first one with New recurring invoice.`}
      />
    );
  }
  const headings = [t`Company`, t`Amount`, t`Schedule`, t`Status`, t`Issued`, t`Next issue`];
  return (
    <Card className="p-2 sm:p-4">
      <Table aria-label={t`Recurring invoices`}>
        <TableHeadings names={headings} alignedEnd={[t`Amount`, t`Issued`]} />
        <TableBody>
          {list.data.map((recurring) => (
            <TableRow key={recurring.id}>
              <LinkCell to={`/admin/invoices/recurring/${recurring.id}`} main linkClassName="inline-flex min-h-11 items-center sm:min-h-0">
                {recurring.company.name}
              </LinkCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCurrency(recurring.amount, recurring.currency)}</TableCell>
              <TableCell>{scheduleInWords(recurring)}</TableCell>
              <TableCell>
                <RecurringStatusBadge status={recurring.status} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(recurring.issuedCount)}</TableCell>
              <TableCell className="whitespace-nowrap">
                {recurring.upcoming[0] ? <time dateTime={recurring.upcoming[0]}>{formatDate(recurring.upcoming[0])}</time> : "—"}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
