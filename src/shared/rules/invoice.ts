/** Limits and messages of the invoice form, shared by src/shared/schemas/invoice.ts and the web's zod/mini copy. */

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
