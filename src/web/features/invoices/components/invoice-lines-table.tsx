import { useLingui } from "@lingui/react/macro";
import { getFormatLocale } from "@/shared/format";
import type { ApiOutput } from "@/web/lib/api-types";
import { formatCurrency } from "@/web/lib/format-currency";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";

export type InvoiceDetail = ApiOutput<"get", "/invoices/:id">;

/**
 * A quantity as stored ("2.500") without the trailing zeros numeric(12,3) pads it with, in the
 * reader's decimal mark ("2.5", "2,5") and never grouped.
 */
const formatQuantity = (quantity: string) => Number(quantity).toLocaleString(getFormatLocale(), { useGrouping: false, maximumFractionDigits: 3 });

/** The rate as a percentage ("7.50" → "7.5%"); a line without tax shows a dash. */
const formatRate = (rate: string | null) => (rate === null ? "—" : `${formatQuantity(rate)}%`);

/** The lines of one invoice with the server's totals; the customer area never recomputes money. */
export function InvoiceLinesTable({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useLingui();
  const money = (amount: string) => formatCurrency(amount, invoice.currency);
  // Every column after the description is a figure, aligned at its end.
  const figures = [t`Quantity`, t`Unit Price`, t`Tax Rate`, t`Total`];
  return (
    <Table aria-label={t`Invoice lines`}>
      <TableHeadings names={[t`Description`, ...figures]} alignedEnd={figures} />
      <TableBody>
        {invoice.lines.map((line) => (
          <TableRow key={line.id}>
            <TableCell className="break-words whitespace-pre-line">{line.description}</TableCell>
            <TableCell className="text-right tabular-nums">{formatQuantity(line.quantity)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{money(line.unitPrice)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatRate(line.taxRate)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{money(line.total)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
