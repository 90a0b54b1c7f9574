import type { UseFormReturn } from "react-hook-form";
import { invoiceFieldsKeptWhenIssued } from "@/shared/rules/invoice";
import { eachInvoiceTextField, type InvoiceTextFieldName } from "@/shared/rules/invoice-fields";
import { shownProblemDetail } from "@/web/lib/api";
import type { ApiBody, ApiOutput } from "@/web/lib/api-types";
import { showServerFieldErrors, type ServerCheckedForm } from "@/web/lib/form-errors";
import type { CreateInvoiceFormValues } from "@/web/lib/schemas/invoice";
import { toast } from "@/web/lib/toast";
import type { LineFormValues } from "./invoice-line-values";

/** The dialogs' inputs: the spec's fields, the lines (none: a single Amount) and the text fields (notes…), "" when empty. */
export type InvoiceFormValues = Omit<CreateInvoiceFormValues, "lines" | InvoiceTextFieldName> & { lines: LineFormValues[] } & Record<InvoiceTextFieldName, string>;
/** What the dialogs send to create an invoice (an edit leaves the company out). */
export type InvoiceSubmit = ApiBody<"post", "/invoices">;
export type InvoiceForm = UseFormReturn<InvoiceFormValues, unknown, InvoiceSubmit>;
type InvoiceWithLines = ApiOutput<"get", "/invoices/:id">;

/** Today in the admin's own time zone, as the date input wants it (YYYY-MM-DD). */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A blank form: issued today, unpaid (spec: default status unpaid), a single amount; the number comes from the server. */
export const emptyInvoiceForm = (): InvoiceFormValues => ({
  companyId: "",
  invoiceNumber: "",
  amount: "",
  issueDate: today(),
  dueDate: "",
  pdfUrl: "",
  status: "unpaid",
  allowPartialPayment: false,
  lines: [],
  ...eachInvoiceTextField(() => ""),
});

/** The one "Services" line the server makes of a single amount: the form shows that as the Amount. */
const isSingleAmount = ({ lines }: InvoiceWithLines) =>
  lines.length === 1 && lines[0]!.description === "Services" && Number(lines[0]!.quantity) === 1 && lines[0]!.taxRate === null;

/** A stored invoice as the edit form shows it: empty inputs where a value is not set; its company fixed. */
export const invoiceFormValuesOf = (invoice: InvoiceWithLines): InvoiceFormValues => ({
  companyId: invoice.company.id,
  invoiceNumber: invoice.invoiceNumber,
  amount: invoice.amount,
  issueDate: invoice.issueDate,
  dueDate: invoice.dueDate ?? "",
  pdfUrl: invoice.pdfUrl ?? "",
  // The stored status: a partially paid invoice is an unpaid one (ADR 043).
  status: invoice.status === "partially_paid" ? "unpaid" : invoice.status,
  allowPartialPayment: invoice.allowPartialPayment,
  lines: isSingleAmount(invoice)
    ? []
    : invoice.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, taxRate: line.taxRate ?? "" })),
  ...eachInvoiceTextField((_, name) => invoice[name] ?? ""),
});

/** "1500.5" and "1500.50" are the same amount; compared as text, never as floats. */
const decimalText = (value: unknown) => String(value).trim().replace(/^0+(?=\d)/, "").replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");
const sameDecimal = (a: unknown, b: unknown) => decimalText(a) === decimalText(b);

/** The money as a change: only when it differs, since replacing equal lines would still renumber them. */
function moneyChangesOf({ amount, lines }: InvoiceSubmit, stored: InvoiceFormValues): Pick<ApiBody<"patch", "/invoices/:id">, "amount" | "lines"> {
  if (lines) {
    const before = stored.lines.map((line) => [line.description, line.quantity, line.unitPrice, line.taxRate || null]);
    const after = lines.map((line) => [line.description, line.quantity, line.unitPrice, line.taxRate ?? null]);
    return JSON.stringify(before) === JSON.stringify(after) ? {} : { lines };
  }
  const wasSingle = stored.lines.length === 0;
  return wasSingle && amount !== undefined && sameDecimal(amount, stored.amount) ? {} : { amount };
}

/**
 * The edit form's checked values as a change. A draft sends every field (the company only when
 * another was chosen) and its money when it changed. An issued invoice keeps its number, company,
 * issue date and money for good (`invoiceFieldsKeptWhenIssued`, the rule the server answers 409
 * by), so only what may still change is sent; `status` too, unless the screen changes it with
 * buttons of its own.
 */
export function invoiceChangesOf(
  input: InvoiceSubmit,
  stored: InvoiceFormValues,
  { issued, withStatus = true }: { issued: boolean; withStatus?: boolean },
): ApiBody<"patch", "/invoices/:id"> {
  const { companyId, amount: _amount, lines: _lines, status, ...fields } = input;
  const editable = Object.fromEntries(Object.entries(fields).filter(([field]) => !invoiceFieldsKeptWhenIssued.includes(field))) as Partial<typeof fields>;
  const always = { ...editable, ...(withStatus ? { status } : {}) };
  if (issued) return always;
  return {
    ...fields,
    ...always,
    ...(companyId === stored.companyId ? {} : { companyId }),
    ...moneyChangesOf(input, stored),
  };
}

/**
 * A failed create or update of an invoice: logged, the server's field messages under the inputs
 * (a duplicate number, 409, names its field), and a toast "<message>: <server's detail>".
 */
export function reportFailedInvoiceSave(form: ServerCheckedForm<InvoiceFormValues>, error: unknown, message: string) {
  console.error(message, error);
  showServerFieldErrors(form, error);
  const detail = shownProblemDetail(error);
  toast.error(detail ? `${message}: ${detail}` : message);
}
