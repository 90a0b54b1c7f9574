import { Trans, useLingui } from "@lingui/react/macro";
import { formatDate } from "@/shared/format";
import { InvoiceStatusBadge } from "@/web/components/status-badges";
import { Card, CardContent, CardHeader } from "@/web/components/ui/card";
import { formatCurrency } from "@/web/lib/format-currency";
import { InvoiceBody } from "./invoice-body";
import { InvoiceLineage } from "./invoice-lineage";
import type { InvoiceDetail as Detail } from "./invoice-lines-table";
import { InvoicePdfAction } from "./invoice-pdf-action";
import { PaymentReturnStatus } from "./payment-return-status";
import { PaymentsList } from "./payments-list";
import { PayOnline } from "./pay-online";

/** What is owed and by when, first (Stripe's hosted invoice page): the amount due, its due date, and Pay when online payment is on. */
function AmountDue({ invoice }: { invoice: Detail }) {
  const { t } = useLingui();
  const due = invoice.dueDate ? formatDate(invoice.dueDate) : undefined;
  return (
    <section aria-labelledby="invoice-amount-due-label" className="space-y-3">
      <div>
        <p id="invoice-amount-due-label" className="text-sm text-muted-foreground">
          <Trans>Amount due</Trans>
        </p>
        <p data-testid="invoice-amount-due" className="text-4xl font-bold tabular-nums">
          {formatCurrency(invoice.amountDue, invoice.currency)}
        </p>
        {due ? (
          <p data-testid="invoice-due" className="text-sm text-muted-foreground">
            {t`Due ${due}`}
          </p>
        ) : null}
      </div>
      <PaymentReturnStatus invoice={invoice} />
      {/* Keyed by the amount due: a payment arriving on the event stream starts the form again from the new amount, never above it. */}
      {invoice.payOnline ? <PayOnline key={invoice.amountDue} invoice={invoice} /> : null}
    </section>
  );
}

/**
 * The customer's view of one invoice: status and what replaces it, then what is due and Pay, the
 * payments made and the PDF, then dates, lines, the server's totals and notes.
 */
export function InvoiceDetail({ invoice }: { invoice: Detail }) {
  const invoiceNumber = invoice.invoiceNumber;
  return (
    <Card>
      <CardHeader className="space-y-2">
        <h1 className="text-2xl font-bold">
          <Trans>Invoice {invoiceNumber}</Trans>
        </h1>
        <div>
          <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
        </div>
        <InvoiceLineage replacedBy={invoice.replacedBy} basePath="/dashboard/invoices" fromQuote={invoice.quote} />
      </CardHeader>
      <CardContent className="space-y-6">
        <AmountDue invoice={invoice} />
        <section aria-labelledby="invoice-payments-heading" className="space-y-2">
          <h2 id="invoice-payments-heading" className="text-lg font-semibold">
            <Trans>Payments</Trans>
          </h2>
          <PaymentsList payments={invoice.payments} />
        </section>
        <div>
          <InvoicePdfAction invoice={invoice} />
        </div>
        <InvoiceBody invoice={invoice} />
      </CardContent>
    </Card>
  );
}
