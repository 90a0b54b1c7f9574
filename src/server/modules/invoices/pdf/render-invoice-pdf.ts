import { invoiceTextFieldNames, invoiceTextFields, type InvoiceTextFieldName } from "@/shared/rules/invoice-fields";
import { dateText, lineTable, moneyText, openDocument, partyBlock, textBlock, totals, type DocumentData, type TotalRow } from "./document-layout";

// The receipt (modules/payments/receipt-pdf.ts) prints on the invoice's page and type, and reads them from here.
export { BODY, CONTENT_WIDTH, INK, MUTED, PAGE, RIGHT, RULE, collect, label } from "./document-layout";

/** The invoice's text fields (rules/invoice-fields.ts) by name; a field left out or null is not printed. */
type InvoicePdfTexts = Partial<Record<InvoiceTextFieldName, string | null>>;

/** Everything printed on an invoice's PDF, already read and allowed (invoice-pdf-data.ts). */
export interface InvoicePdfData extends InvoicePdfTexts, DocumentData {
  invoiceNumber: string;
  /** SQL dates, YYYY-MM-DD. */
  issueDate: string;
  dueDate: string | null;
  statusLabel: string;
  /** What its payments paid and what is left (ADR 043), printed under the total; absent while nothing was paid. */
  payments?: { amountPaid: string; amountDue: string };
}

/** The text fields with a value, by shape: a one-line text is a fact beside the dates, a multi-line one a block of its own. */
const textsShaped = (data: InvoicePdfData, shape: "line" | "multiline") =>
  invoiceTextFieldNames.flatMap((name) => {
    const value = data[name];
    return invoiceTextFields[name].shape === shape && value ? [{ label: invoiceTextFields[name].pdfLabel, value }] : [];
  });

/**
 * The invoice as a PDF, from its data alone (no database, no clock but the PDF's creation date),
 * on the layout it shares with the quote (document-layout.ts).
 * pdfkit is loaded on first use, so the server's start-up does not pay for it (ADR 007, ADR 025).
 */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Uint8Array<ArrayBuffer>> {
  const amount = moneyText(data.currency);
  const opened = await openDocument({ brandName: data.brandName, kind: "Invoice", number: data.invoiceNumber });
  const { doc } = opened;
  let y = partyBlock(doc, { heading: "Bill to", party: data.company, facts: invoiceFacts(data) }, opened.y + 28);
  y = lineTable(doc, data.lines, amount, y + 24);
  y = totals(doc, invoiceTotals(data, amount), y + 10);
  for (const block of textsShaped(data, "multiline")) y = textBlock(doc, block.label, block.value, y + 24);
  return opened.finish(data.draft);
}

function invoiceFacts(data: InvoicePdfData): [string, string][] {
  return [
    ["Invoice number", data.invoiceNumber],
    ...textsShaped(data, "line").map(({ label, value }): [string, string] => [label, value]),
    ["Issue date", dateText(data.issueDate)],
    ["Due date", data.dueDate ? dateText(data.dueDate) : "On receipt"],
    ["Status", data.statusLabel],
  ];
}

function invoiceTotals(data: InvoicePdfData, amount: (value: string) => string): TotalRow[] {
  return [
    { label: "Subtotal", value: amount(data.subtotal) },
    { label: "Tax", value: amount(data.tax) },
    { label: "Total", value: amount(data.total), strong: true },
    ...(data.payments ? [{ label: "Paid", value: amount(data.payments.amountPaid) }, { label: "Amount due", value: amount(data.payments.amountDue) }] : []),
  ];
}
