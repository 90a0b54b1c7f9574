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

/** One line as the server answers it for an invoice, a quote or a recurring invoice's template, with its total. */
export interface PricedLine {
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string | null;
  total: string;
}

/**
 * Priced lines with the server's totals, in `currency`: an invoice's, a quote's, a recurring
 * invoice's. The customer area never recomputes money. `label` names the table for a screen reader.
 */
export function LinesTable({ lines, currency, label }: { lines: readonly PricedLine[]; currency: string; label: string }) {
  const { t } = useLingui();
  const money = (amount: string) => formatCurrency(amount, currency);
  // Every column after the description is a figure, aligned at its end.
  const figures = [t`Quantity`, t`Unit Price`, t`Tax Rate`, t`Total`];
  return (
    <Table aria-label={label}>
      <TableHeadings names={[t`Description`, ...figures]} alignedEnd={figures} />
      <TableBody>
        {lines.map((line, index) => (
          // The lines are a record's, in their order, and never reorder on a screen.
          <TableRow key={index}>
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

/** The lines of one invoice with the server's totals. */
export function InvoiceLinesTable({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useLingui();
  return <LinesTable lines={invoice.lines} currency={invoice.currency} label={t`Invoice lines`} />;
}
