import { z } from "zod";
import { isUnambiguousIfUrl, LINK_URL_AMBIGUOUS_MESSAGE } from "../rules/link-url";
import { invoiceStatuses, storedInvoiceStatuses } from "../enums";
import { NOTHING_TO_UPDATE } from "../rules/common";
import { eachInvoiceTextField } from "../rules/invoice-fields";
import { checkAmountOrLines, checkDueNotBeforeIssue, INVOICE_NUMBER_MAX, invoiceMessages, PDF_URL_MAX, PDF_URL_PATTERN, PDF_URL_PROTOCOL } from "../rules/invoice";
import { LINE_DESCRIPTION_MAX, LINES_MAX, linesProblem, moneyMessages, QUANTITY_MAX, quantityProblem, taxRateProblem, unitPriceProblem } from "../rules/money";
import { NO_CONTROL_CHARACTER_PATTERN, textMessages } from "../rules/text";
import { pageOf, pageQuerySchema } from "./pagination";
import { requiredText, storable } from "./text";
import { fileSchema } from "./file";
import { instantSchema, namedRecordSchema, timestampsShape } from "./records";
import { paymentSchema } from "./payment";
import { AMOUNT_TEXT, amountInputSchema, decimalForms, moneyNumber } from "./money";

export { amountInputSchema };

/** `quantityProblem`: above 0, at most 3 decimals, at most QUANTITY_MAX (seven integer digits, and then no fraction). */
const QUANTITY_TEXT = /^(?!0*(?:\.0*)?$)(?:\d{1,6}(?:\.\d{1,3})?|\d{7}(?:\.0{1,3})?)$/;
/** `unitPriceProblem`: PRICE_PATTERN within numeric(12,2). */
const PRICE_TEXT = AMOUNT_TEXT;
/** `taxRateProblem`: 0 to 100 with at most 2 decimals; "" is no tax. */
const TAX_RATE_TEXT = /^(?:\d{1,2}(?:\.\d{1,2})?|100(?:\.0{1,2})?)?$/;

/** A decimal field of a line: text, or a number turned into its shortest decimal text (as `amount`). */
const decimalInput = (message: string, problem: (value: string) => string | undefined, text: RegExp, number: Record<string, number>) =>
  decimalForms(message, text, number)
    .transform((value) => (typeof value === "number" ? String(value) : value.trim()))
    .superRefine((value, ctx) => {
      const found = problem(value);
      if (found) ctx.addIssue({ code: "custom", message: found });
    });

/** One line as an admin sends it; its totals are computed by the server (shared/rules/money.ts). */
export const invoiceLineInputSchema = z.object({
  description: storable(z.string(moneyMessages.descriptionRequired).trim().min(1, moneyMessages.descriptionRequired).max(LINE_DESCRIPTION_MAX, moneyMessages.descriptionTooLong)),
  quantity: decimalInput(moneyMessages.quantity, quantityProblem, QUANTITY_TEXT, { exclusiveMinimum: 0, maximum: Number(QUANTITY_MAX), multipleOf: 0.001 }),
  unitPrice: decimalInput(moneyMessages.unitPrice, unitPriceProblem, PRICE_TEXT, moneyNumber),
  taxRate: z
    .union([z.string().meta({ pattern: TAX_RATE_TEXT.source }), z.number().meta({ minimum: 0, maximum: 100, multipleOf: 0.01 }), z.null()], moneyMessages.taxRate)
    .transform((value) => (value === null ? null : String(value).trim() || null))
    .refine((value) => taxRateProblem(value) === undefined, moneyMessages.taxRate)
    .optional(),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

/** 1..200 lines whose total fits numeric(12,2); every refusal of the set as a whole names `lines`. */
export const linesInput = z
  .array(invoiceLineInputSchema, moneyMessages.linesRequired)
  .min(1, moneyMessages.linesRequired)
  .max(LINES_MAX, moneyMessages.tooManyLines)
  .superRefine((lines, ctx) => {
    const found = linesProblem(lines);
    if (found) ctx.addIssue({ code: "custom", message: found });
  });


const invoiceNumber = requiredText(invoiceMessages.numberRequired, INVOICE_NUMBER_MAX, invoiceMessages.numberTooLong);

const date = (label: string) => z.iso.date(invoiceMessages.invalidDate(label));

// Forms send "" for an empty optional field; it is stored as null (spec section 5).
const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal("").transform(() => null), z.null(), schema]).optional();

/** The text fields of src/shared/rules/invoice-fields.ts: trimmed, at most `max` long, storable; "" and null are stored as null. */
export const textInputs = eachInvoiceTextField((field) => emptyToNull(storable(z.string().trim().max(field.max, field.tooLong))));

const pdfUrl = z
  .url({ protocol: PDF_URL_PROTOCOL, error: invoiceMessages.pdfUrlProtocol })
  .max(PDF_URL_MAX, invoiceMessages.pdfUrlTooLong)
  .regex(NO_CONTROL_CHARACTER_PATTERN, textMessages.controlCharacter)
  .refine(isUnambiguousIfUrl, LINK_URL_AMBIGUOUS_MESSAGE)
  // The protocol check in the document's words: `format: uri` alone would allow any scheme.
  .meta({ pattern: PDF_URL_PATTERN.source });

const invoiceFields = z.object({
  companyId: z.uuid(invoiceMessages.chooseCompany),
  invoiceNumber,
  amount: amountInputSchema.optional(),
  lines: linesInput.optional(),
  ...textInputs,
  issueDate: date("Issue date"),
  dueDate: emptyToNull(date("Due date")),
  pdfUrl: emptyToNull(pdfUrl),
  status: z.enum(storedInvoiceStatuses, invoiceMessages.status).default("unpaid"),
  /** Whether a customer may pay a part of the amount due online (ADR 043); off by default. */
  allowPartialPayment: z.boolean().default(false),
});

/** What JSON Schema cannot say of an invoice's body: the document's prose (ADR 018, amended). */
const INVOICE_PROSE =
  "`dueDate` may not come before `issueDate` (400 naming `dueDate`), and the total of the lines with their tax must fit 9999999999.99 (400 naming `lines`).";

export const createInvoiceInputSchema = invoiceFields
  .superRefine((input, ctx) => {
    checkDueNotBeforeIssue(input, ctx);
    checkAmountOrLines(input, ctx, true);
  })
  // checkAmountOrLines, as the document says it: exactly one of the two.
  .meta({ oneOf: [{ required: ["amount"] }, { required: ["lines"] }], description: `Priced by \`amount\` or by \`lines\`, exactly one. ${INVOICE_PROSE}` });
export type CreateInvoiceInput = z.infer<typeof createInvoiceInputSchema>;

/**
 * Admin edit: any subset. Once issued, the amounts, number, company and issue date stay (409,
 * ADR 026). The due-date order is checked on the server against the stored dates as well.
 */
export const updateInvoiceInputSchema = invoiceFields
  .extend({ status: z.enum(storedInvoiceStatuses, invoiceMessages.status), allowPartialPayment: z.boolean() })
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE)
  .superRefine((input, ctx) => checkAmountOrLines(input, ctx, false))
  // The two refinements above, as the document says them: some field, and never both prices.
  .meta({ minProperties: 1, not: { properties: { amount: {}, lines: {} }, required: ["amount", "lines"] }, description: `Any subset of the fields, at least one; \`amount\` or \`lines\`, not both. ${INVOICE_PROSE}` });
export type UpdateInvoiceInput = z.infer<typeof updateInvoiceInputSchema>;

export const invoiceListQuerySchema = pageQuerySchema.extend({
  status: z.enum(invoiceStatuses).optional(),
  // Admins only; a customer's list is always their own company's.
  companyId: z.uuid().optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** The CSV export takes the list's filters and order; it has no pages. */
export const invoiceExportQuerySchema = invoiceListQuerySchema.omit({ page: true, pageSize: true });
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuerySchema>;

export const invoiceSchema = z.object({
  id: z.uuid(),
  invoiceNumber: z.string(),
  /** Decimal string with two decimals, e.g. "1234.50"; never a float. */
  amount: z.string(),
  issueDate: z.iso.date(),
  dueDate: z.iso.date().nullable(),
  /** An external link to the PDF (kept from before PDFs were stored in Portico). */
  pdfUrl: z.string().nullable(),
  /** The PDF stored in Portico; GET /invoices/{id}/pdf serves it, and prefers it to `pdfUrl`. */
  pdf: fileSchema.nullable(),
  status: z.enum(invoiceStatuses),
  /** Sum of the lines' totals; `amount` is the total (subtotal + tax). */
  subtotal: z.string(),
  tax: z.string(),
  ...eachInvoiceTextField(() => z.string().nullable()),
  /** Unpaid or partially paid, and due before today in the installation's time zone (TIME_ZONE). */
  overdue: z.boolean(),
  /** What its payments paid, net of refunds, and what is left to pay (0 once paid or void): decimal strings (ADR 043). */
  amountPaid: z.string(),
  amountDue: z.string(),
  /** Whether a customer may pay a part of the amount due online. */
  allowPartialPayment: z.boolean(),
  paidAt: instantSchema.nullable(),
  /** When it left draft; null for a draft (ADR 026). */
  issuedAt: instantSchema.nullable(),
  /** When it became void; null unless void. */
  voidedAt: instantSchema.nullable(),
  /** The invoice this one re-issues (POST /invoices/{id}/reissue); issuing this one voids that one. */
  replacesId: z.uuid().nullable(),
  /** ISO 4217 code of every amount (CURRENCY): one currency per installation. */
  currency: z.string(),
  ...timestampsShape,
  company: namedRecordSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceLineSchema = z.object({
  id: z.uuid(),
  description: z.string(),
  /** Decimal strings: quantity with up to 3 decimals, the rest with 2. */
  quantity: z.string(),
  unitPrice: z.string(),
  taxRate: z.string().nullable(),
  total: z.string(),
  tax: z.string(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * One invoice as GET /invoices/{id} answers it: with its lines, in order, and the invoice that
 * re-issues it, if the caller may see one (a customer never learns of a draft).
 */
export const invoiceDetailSchema = invoiceSchema.extend({
  lines: z.array(invoiceLineSchema),
  replacedBy: z.object({ id: z.uuid(), invoiceNumber: z.string() }).nullable(),
  /** The quote whose acceptance made it (ADR 049): its deposit or its whole; null otherwise. */
  quote: z.object({ id: z.uuid(), quoteNumber: z.string() }).nullable(),
  /** Its payments, oldest first; removed ones are left out (their history keeps them). */
  payments: z.array(paymentSchema),
  /** Whether the caller can pay it online now: online payment is on, the caller is its company's customer, and something is due. */
  payOnline: z.boolean(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceBalanceQuerySchema = z.object({
  // Admins only (required for them); a customer's balance is always their own company's.
  companyId: z.uuid().optional(),
});
export type InvoiceBalanceQuery = z.infer<typeof invoiceBalanceQuerySchema>;

/** Sums of unpaid invoices' amounts, and of the overdue ones among them. */
export const invoiceBalanceSchema = z.object({ outstanding: z.string(), overdue: z.string(), currency: z.string() });
export type InvoiceBalance = z.infer<typeof invoiceBalanceSchema>;

/** GET /invoices/next-number: the number a new invoice is offered. */
export const nextInvoiceNumberSchema = z.object({ invoiceNumber: z.string() });

export const invoicePageSchema = pageOf(invoiceSchema);
