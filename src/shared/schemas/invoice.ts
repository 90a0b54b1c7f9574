import { z } from "zod";
import { isUnambiguousLinkUrl, LINK_URL_AMBIGUOUS_MESSAGE } from "../rules/link-url";
import { invoiceStatuses } from "../enums";
import { pageOf, pageQuerySchema } from "./pagination";

/** A plain decimal with at most 2 decimals; numeric(12,2) also caps the integer part at 10 digits (D6). */
const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;
const AMOUNT_MAX_INTEGER_DIGITS = 10;

/**
 * Money travels as a decimal string and is stored exactly. A form may send a number; it is
 * turned into its shortest decimal text, so 0.1 + 0.2 (0.30000000000000004) is refused rather
 * than silently rounded.
 */
export const amountInputSchema = z
  .union([z.string(), z.number()], "Amount is required")
  .transform((value) => (typeof value === "number" ? String(value) : value.trim()))
  .refine((value) => value !== "", "Amount is required")
  .refine(
    (value) => value === "" || AMOUNT_PATTERN.test(value),
    "Amount must be a number of 0 or more with at most 2 decimals",
  )
  .refine(
    (value) => !AMOUNT_PATTERN.test(value) || value.split(".")[0]!.length <= AMOUNT_MAX_INTEGER_DIGITS,
    "Amount is too large",
  );

const invoiceNumber = z
  .string("Invoice number is required")
  .trim()
  .min(1, "Invoice number is required")
  .max(100, "Invoice number must be at most 100 characters");

const date = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`);

// Forms send "" for an empty optional field; it is stored as null (spec section 5).
const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal("").transform(() => null), z.null(), schema]).optional();

const pdfUrl = z
  .url({ protocol: /^https?$/, error: "PDF URL must be an http:// or https:// address" })
  .max(2048, "PDF URL is too long")
  .refine(isUnambiguousLinkUrl, LINK_URL_AMBIGUOUS_MESSAGE);

const invoiceFields = z.object({
  companyId: z.uuid("Choose a company"),
  invoiceNumber,
  amount: amountInputSchema,
  issueDate: date("Issue date"),
  dueDate: emptyToNull(date("Due date")),
  pdfUrl: emptyToNull(pdfUrl),
  status: z.enum(invoiceStatuses, "Status must be unpaid or paid").default("unpaid"),
});

export const createInvoiceInputSchema = invoiceFields.superRefine((input, ctx) => {
  if (input.dueDate && input.dueDate < input.issueDate) {
    ctx.addIssue({ code: "custom", path: ["dueDate"], message: "Due date cannot be before the issue date" });
  }
});
export type CreateInvoiceInput = z.infer<typeof createInvoiceInputSchema>;

/**
 * Admin edit: any subset; the company of an invoice never changes. The due-date order is
 * checked on the server against the stored dates as well.
 */
export const updateInvoiceInputSchema = invoiceFields
  .omit({ companyId: true })
  .extend({ status: z.enum(invoiceStatuses, "Status must be unpaid or paid") })
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), "Nothing to update");
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
  pdfUrl: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  company: z.object({ id: z.uuid(), name: z.string() }),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicePageSchema = pageOf(invoiceSchema);
export type InvoicePage = z.infer<typeof invoicePageSchema>;
