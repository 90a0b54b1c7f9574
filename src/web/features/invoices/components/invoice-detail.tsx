import { Trans, useLingui } from "@lingui/react/macro";
import { formatDate } from "@/shared/format";
import { invoiceTextFieldNames, invoiceTextFields } from "@/shared/rules/invoice-fields";
import { invoiceFieldWords } from "@/web/lib/i18n/invoice-field-words";
import { InvoiceStatusBadge } from "@/web/components/status-badges";
import { Card, CardContent, CardHeader } from "@/web/components/ui/card";
import { formatCurrency } from "@/web/lib/format-currency";
import { InvoiceLineage } from "./invoice-lineage";
import { InvoiceLinesTable, type InvoiceDetail as Detail } from "./invoice-lines-table";
import { InvoicePdfAction } from "./invoice-pdf-action";
import { PaymentReturnStatus } from "./payment-return-status";
import { PaymentsList } from "./payments-list";
import { PayOnline } from "./pay-online";

/** The text fields (rules/invoice-fields.ts): a one-line text beside the dates, a multi-line one in a section of its own under the totals. */
const lineTexts = invoiceTextFieldNames.filter((name) => invoiceTextFields[name].shape === "line");
const blockTexts = invoiceTextFieldNames.filter((name) => invoiceTextFields[name].shape === "multiline");

/** `name` gives the row's test id ("invoice-total"), whatever the language of its label. */
function Row({ name, label, value, strong }: { name: string; label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between gap-8 border-t border-border pt-2 font-semibold" : "flex justify-between gap-8"}>
      <dt>{label}</dt>
      <dd data-testid={`invoice-${name}`} className="tabular-nums">
        {value}
      </dd>
    </div>
  );
}

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
  const { t, i18n } = useLingui();
  const money = (amount: string) => formatCurrency(amount, invoice.currency);
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
        <InvoiceLineage replacedBy={invoice.replacedBy} basePath="/dashboard/invoices" />
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
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">
              <Trans>Issue Date</Trans>
            </dt>
            <dd>{formatDate(invoice.issueDate)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">
              <Trans>Due Date</Trans>
            </dt>
            <dd>{formatDate(invoice.dueDate, t`N/A`)}</dd>
          </div>
          {lineTexts.map((name) =>
            invoice[name] ? (
              <div key={name}>
                <dt className="text-muted-foreground">{i18n._(invoiceFieldWords[name].label)}</dt>
                <dd className="break-words">{invoice[name]}</dd>
              </div>
            ) : null,
          )}
        </dl>
        <InvoiceLinesTable invoice={invoice} />
        <dl className="ml-auto max-w-xs space-y-1 text-sm" aria-label={t`Totals`}>
          <Row name="subtotal" label={t`Subtotal`} value={money(invoice.subtotal)} />
          <Row name="tax" label={t`Tax`} value={money(invoice.tax)} />
          <Row name="total" label={t`Total`} value={money(invoice.amount)} strong />
        </dl>
        {blockTexts.map((name) =>
          invoice[name] ? (
            <section key={name} aria-label={i18n._(invoiceFieldWords[name].label)}>
              <h2 className="text-sm font-medium text-muted-foreground">{i18n._(invoiceFieldWords[name].label)}</h2>
              <p className="text-sm break-words whitespace-pre-line">{invoice[name]}</p>
            </section>
          ) : null,
        )}
      </CardContent>
    </Card>
  );
}
