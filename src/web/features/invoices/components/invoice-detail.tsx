import { formatDate } from "@/shared/format";
import { InvoiceStatusBadge } from "@/web/components/status-badges";
import { Card, CardContent, CardHeader } from "@/web/components/ui/card";
import { formatCurrency } from "@/web/lib/format-currency";
import { InvoiceLineage } from "./invoice-lineage";
import { InvoiceLinesTable, type InvoiceDetail as Detail } from "./invoice-lines-table";
import { InvoicePdfAction } from "./invoice-pdf-action";

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between gap-8 border-t border-border pt-2 font-semibold" : "flex justify-between gap-8"}>
      <dt>{label}</dt>
      <dd data-testid={`invoice-${label.toLowerCase()}`} className="tabular-nums">
        {value}
      </dd>
    </div>
  );
}

/** The customer's view of one invoice: status, what replaces it, dates, lines, the server's totals, notes and the PDF. */
export function InvoiceDetail({ invoice }: { invoice: Detail }) {
  const money = (amount: string) => formatCurrency(amount, invoice.currency);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold">Invoice {invoice.invoiceNumber}</h1>
          <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
          <InvoiceLineage replacedBy={invoice.replacedBy} basePath="/dashboard/invoices" />
        </div>
        <InvoicePdfAction invoice={invoice} />
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Issue Date</dt>
            <dd>{formatDate(invoice.issueDate)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Due Date</dt>
            <dd>{formatDate(invoice.dueDate, "N/A")}</dd>
          </div>
        </dl>
        <InvoiceLinesTable invoice={invoice} />
        <dl className="ml-auto max-w-xs space-y-1 text-sm" aria-label="Totals">
          <Row label="Subtotal" value={money(invoice.subtotal)} />
          <Row label="Tax" value={money(invoice.tax)} />
          <Row label="Total" value={money(invoice.amount)} strong />
        </dl>
        {invoice.notes ? (
          <section aria-label="Notes">
            <h2 className="text-sm font-medium text-muted-foreground">Notes</h2>
            <p className="text-sm break-words whitespace-pre-line">{invoice.notes}</p>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
