import type { ApiOutput } from "@/web/lib/api-types";
import { formatCurrency } from "@/web/lib/format-currency";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";

export type InvoiceDetail = ApiOutput<"get", "/invoices/:id">;

/** A quantity as stored ("2.500") without the trailing zeros numeric(12,3) pads it with. */
const formatQuantity = (quantity: string) => (quantity.includes(".") ? quantity.replace(/\.?0+$/, "") : quantity);

/** The rate as a percentage ("7.50" → "7.5%"); a line without tax shows a dash. */
const formatRate = (rate: string | null) => (rate === null ? "—" : `${formatQuantity(rate)}%`);

/** The lines of one invoice with the server's totals; the customer area never recomputes money. */
export function InvoiceLinesTable({ invoice }: { invoice: InvoiceDetail }) {
  const money = (amount: string) => formatCurrency(amount, invoice.currency);
  return (
    <Table aria-label="Invoice lines">
      <TableHeader>
        <TableRow>
          <TableHead>Description</TableHead>
          <TableHead className="text-right">Quantity</TableHead>
          <TableHead className="text-right">Unit Price</TableHead>
          <TableHead className="text-right">Tax Rate</TableHead>
          <TableHead className="text-right">Total</TableHead>
        </TableRow>
      </TableHeader>
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
