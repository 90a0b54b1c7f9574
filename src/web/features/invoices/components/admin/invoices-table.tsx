import { Trans, useLingui } from "@lingui/react/macro";
import { formatDate } from "@/shared/format";
import { formatCurrency } from "@/web/lib/format-currency";
import type { Invoice } from "@/shared/schemas/invoice";
import { InvoiceStatusBadge } from "@/web/components/status-badges";
import { LinkCell, Table, TableBody, TableCell, TableHead, TableHeadings, TableRow } from "@/web/components/ui/table";
import { InvoiceActions } from "./invoice-actions";

export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  const { t } = useLingui();
  return (
    <Table>
      <TableHeadings names={[t`Invoice #`, t`Company`, t`Amount`, t`Amount due`, t`Issue Date`, t`Due Date`, t`Status`]} alignedEnd={[t`Amount`, t`Amount due`]}>
        <TableHead className="text-right">
          <Trans>Actions</Trans>
        </TableHead>
      </TableHeadings>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow key={invoice.id}>
            <LinkCell to={`/admin/invoices/${invoice.id}`} main>
              {invoice.invoiceNumber}
            </LinkCell>
            <LinkCell to={`/admin/customers/${invoice.company.id}`}>{invoice.company.name}</LinkCell>
            <TableCell className="text-right tabular-nums">{formatCurrency(invoice.amount, invoice.currency)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCurrency(invoice.amountDue, invoice.currency)}</TableCell>
            <TableCell>{formatDate(invoice.issueDate)}</TableCell>
            <TableCell>{formatDate(invoice.dueDate, t`N/A`)}</TableCell>
            <TableCell>
              <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
            </TableCell>
            <TableCell>
              <InvoiceActions invoice={invoice} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
