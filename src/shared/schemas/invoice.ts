import { z } from "zod";
import { isUnambiguousIfUrl, LINK_URL_AMBIGUOUS_MESSAGE } from "../rules/link-url";
import { invoiceStatuses } from "../enums";
import { NOTHING_TO_UPDATE } from "../rules/common";
import { AMOUNT_PATTERN, amountFitsColumn, checkDueNotBeforeIssue, INVOICE_NUMBER_MAX, invoiceMessages, PDF_URL_MAX, PDF_URL_PROTOCOL } from "../rules/invoice";
import { pageOf, pageQuerySchema } from "./pagination";
import { fileSchema } from "./file";
import { namedRecordSchema, timestampsShape } from "./records";

/**
 * Money travels as a decimal string and is stored exactly. A form may send a number; it is
 * turned into its shortest decimal text, so 0.1 + 0.2 (0.30000000000000004) is refused rather
 * than silently rounded.
 */
export const amountInputSchema = z
  .union([z.string(), z.number()], invoiceMessages.amountRequired)
  .transform((value) => (typeof value === "number" ? String(value) : value.trim()))
  .refine((value) => value !== "", invoiceMessages.amountRequired)
  .refine((value) => value === "" || AMOUNT_PATTERN.test(value), invoiceMessages.amountFormat)
  .refine(amountFitsColumn, invoiceMessages.amountTooLarge);

const invoiceNumber = z
  .string(invoiceMessages.numberRequired)
  .trim()
  .min(1, invoiceMessages.numberRequired)
  .max(INVOICE_NUMBER_MAX, invoiceMessages.numberTooLong);

const date = (label: string) => z.iso.date(invoiceMessages.invalidDate(label));

// Forms send "" for an empty optional field; it is stored as null (spec section 5).
const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal("").transform(() => null), z.null(), schema]).optional();

const pdfUrl = z
  .url({ protocol: PDF_URL_PROTOCOL, error: invoiceMessages.pdfUrlProtocol })
  .max(PDF_URL_MAX, invoiceMessages.pdfUrlTooLong)
  .refine(isUnambiguousIfUrl, LINK_URL_AMBIGUOUS_MESSAGE);

const invoiceFields = z.object({
  companyId: z.uuid(invoiceMessages.chooseCompany),
  invoiceNumber,
  amount: amountInputSchema,
  issueDate: date("Issue date"),
  dueDate: emptyToNull(date("Due date")),
  pdfUrl: emptyToNull(pdfUrl),
  status: z.enum(invoiceStatuses, invoiceMessages.status).default("unpaid"),
});

export const createInvoiceInputSchema = invoiceFields.superRefine(checkDueNotBeforeIssue);
export type CreateInvoiceInput = z.infer<typeof createInvoiceInputSchema>;

/**
 * Admin edit: any subset; the company of an invoice never changes. The due-date order is
 * checked on the server against the stored dates as well.
 */
export const updateInvoiceInputSchema = invoiceFields
  .omit({ companyId: true })
  .extend({ status: z.enum(invoiceStatuses, invoiceMessages.status) })
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE);
export type UpdateInvoiceInput = z.infer<typeof updateInvoiceInputSchema>;

export const invoiceListQuerySchema = pageQuerySchema.extend({
  status: z.enum(invoiceStatuses).optional(),
  // Admins only; a customer's list is always their own company's.
  companyId: z.uuid().optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

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
  ...timestampsShape,
  company: namedRecordSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicePageSchema = pageOf(invoiceSchema);
export type InvoicePage = z.infer<typeof invoicePageSchema>;
