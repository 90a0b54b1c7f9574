import { formatDate } from "@/shared/format";
import { formatCurrency } from "@/web/lib/format-currency";
import type { Invoice } from "@/shared/schemas/invoice";
import { InvoiceStatusBadge } from "@/web/components/status-badges";
import { LinkCell, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { InvoiceActions } from "./invoice-actions";

export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Invoice #</TableHead>
          <TableHead>Company</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Issue Date</TableHead>
          <TableHead>Due Date</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow key={invoice.id}>
            <LinkCell to={`/admin/invoices/${invoice.id}`} main>
              {invoice.invoiceNumber}
            </LinkCell>
            <LinkCell to={`/admin/customers/${invoice.company.id}`}>{invoice.company.name}</LinkCell>
            <TableCell className="text-right tabular-nums">{formatCurrency(invoice.amount, invoice.currency)}</TableCell>
            <TableCell>{formatDate(invoice.issueDate)}</TableCell>
            <TableCell>{formatDate(invoice.dueDate)}</TableCell>
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
