/** Limits, messages and lifecycle rules of invoices, shared by the server and the web (src/shared/schemas/invoice.ts and the web's zod/mini copy). */
import type { InvoiceStatus } from "../enums";
import { invoiceTextFieldNames, invoiceTextFields } from "./invoice-fields";

/** The status model of ADR 026: a draft is the admins' to shape; issued (unpaid, paid, void) is what the customer got. */
export const isIssued = (status: InvoiceStatus) => status !== "draft";

/**
 * What an issued invoice keeps for good (ADR 026): its number, company and issue date, its money
 * (`amount` or `lines`), and each text field not editable once issued. The server answers 409 for
 * a change to one (invoice-status.ts); the web's edit form does not send them.
 */
export const INVOICE_IDENTITY_FIELDS = ["companyId", "invoiceNumber", "issueDate"] as const;
export const INVOICE_MONEY_FIELDS = ["amount", "lines"] as const;
export const invoiceFieldsKeptWhenIssued: readonly string[] = [
  ...INVOICE_IDENTITY_FIELDS,
  ...INVOICE_MONEY_FIELDS,
  ...invoiceTextFieldNames.filter((name) => !invoiceTextFields[name].editableWhenIssued),
];

/** A plain decimal with at most 2 decimals; numeric(12,2) also caps the integer part at 10 digits (D6). */
export const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;
export const AMOUNT_MAX_INTEGER_DIGITS = 10;
export const INVOICE_NUMBER_MAX = 100;
export const PDF_URL_MAX = 2048;
/** Only http and https links are stored as a PDF address. */
export const PDF_URL_PROTOCOL = /^https?$/;
/** PDF_URL_PROTOCOL as the OpenAPI document states it: on the text, without flags (JSON Schema has none). */
export const PDF_URL_PATTERN = /^[Hh][Tt][Tt][Pp][Ss]?:\/\//;

export const invoiceMessages = {
  amountRequired: "Amount is required",
  amountFormat: "Amount must be a number of 0 or more with at most 2 decimals",
  amountTooLarge: "Amount is too large",
  numberRequired: "Invoice number is required",
  numberTooLong: `Invoice number must be at most ${INVOICE_NUMBER_MAX} characters`,
  chooseCompany: "Choose a company",
  pdfUrlProtocol: "PDF URL must be an http:// or https:// address",
  pdfUrlTooLong: "PDF URL is too long",
  status: "Status must be draft, unpaid, paid or void",
  dueBeforeIssue: "Due date cannot be before the issue date",
  invalidDate: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  amountOrLines: "Send either an amount or lines, not both",
  amountOrLinesRequired: "Send an amount or lines",
} as const;

/** Whether a trimmed amount text is within numeric(12,2); texts that are not amounts at all pass (another rule refuses them). */
export const amountFitsColumn = (value: string) => !AMOUNT_PATTERN.test(value) || value.split(".")[0]!.length <= AMOUNT_MAX_INTEGER_DIGITS;

/**
 * The due date may not come before the issue date: the one check both the server's schema and the
 * web form's zod/mini copy run (ISO dates compare as text). Reports on `dueDate`.
 */
export function checkDueNotBeforeIssue(
  input: { issueDate: string; dueDate?: string | null },
  ctx: { addIssue(issue: { code: "custom"; path: string[]; message: string }): void },
): void {
  if (input.dueDate && input.dueDate < input.issueDate) {
    ctx.addIssue({ code: "custom", path: ["dueDate"], message: invoiceMessages.dueBeforeIssue });
  }
}

/**
 * An invoice is priced by one `amount` (one "Services" line) or by its `lines`, never both; a new
 * one needs one of them. Reports on both fields.
 */
export function checkAmountOrLines(
  input: { amount?: unknown; lines?: unknown },
  ctx: { addIssue(issue: { code: "custom"; path: string[]; message: string }): void },
  required: boolean,
): void {
  const sent = [input.amount, input.lines].filter((value) => value !== undefined).length;
  const message = sent === 2 ? invoiceMessages.amountOrLines : sent === 0 && required ? invoiceMessages.amountOrLinesRequired : undefined;
  if (message) for (const field of INVOICE_MONEY_FIELDS) ctx.addIssue({ code: "custom", path: [field], message });
}
