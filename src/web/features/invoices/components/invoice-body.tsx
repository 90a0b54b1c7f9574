import { Trans, useLingui } from "@lingui/react/macro";
import { formatDate } from "@/shared/format";
import { invoiceTextFieldNames, invoiceTextFields } from "@/shared/rules/invoice-fields";
import { invoiceFieldWords } from "@/web/lib/i18n/invoice-field-words";
import { InvoiceLinesTable, type InvoiceDetail } from "./invoice-lines-table";
import { TotalsList } from "./totals-list";

/** The text fields (rules/invoice-fields.ts): a one-line text beside the dates, a multi-line one in a section of its own under the totals. */
const lineTexts = invoiceTextFieldNames.filter((name) => invoiceTextFields[name].shape === "line");
const blockTexts = invoiceTextFieldNames.filter((name) => invoiceTextFields[name].shape === "multiline");

/**
 * What an invoice says, read-only: its dates and one-line texts, its lines, the server's totals and
 * its longer texts. The customer's invoice page shows it under what is due; the admin's page for
 * an issued invoice, until they choose Edit.
 */
export function InvoiceBody({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useLingui();
  return (
    <>
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
      <TotalsList label={t`Totals`} testIdPrefix="invoice" amounts={{ subtotal: invoice.subtotal, tax: invoice.tax, total: invoice.amount }} currency={invoice.currency} />
      {blockTexts.map((name) =>
        invoice[name] ? (
          <section key={name} aria-label={i18n._(invoiceFieldWords[name].label)}>
            <h2 className="text-sm font-medium text-muted-foreground">{i18n._(invoiceFieldWords[name].label)}</h2>
            <p className="text-sm break-words whitespace-pre-line">{invoice[name]}</p>
          </section>
        ) : null,
      )}
    </>
  );
}
