/** zod/mini mirror of createInvoiceInputSchema in src/shared/schemas/invoice.ts (schemas.parity.test.ts). */
import { invoiceStatuses } from "@/shared/enums";
import { AMOUNT_PATTERN, amountFitsColumn, checkDueNotBeforeIssue, INVOICE_NUMBER_MAX, invoiceMessages, PDF_URL_MAX, PDF_URL_PROTOCOL } from "@/shared/rules/invoice";
import { isUnambiguousIfUrl, LINK_URL_AMBIGUOUS_MESSAGE } from "@/shared/rules/link-url";
import { z } from "./zod";

export const amountInputSchema = z
  .pipe(
    z.union([z.string(), z.number()], invoiceMessages.amountRequired),
    z.transform((value: string | number) => (typeof value === "number" ? String(value) : value.trim())),
  )
  .check(
    z.refine((value: string) => value !== "", invoiceMessages.amountRequired),
    z.refine((value: string) => value === "" || AMOUNT_PATTERN.test(value), invoiceMessages.amountFormat),
    z.refine(amountFitsColumn, invoiceMessages.amountTooLarge),
  );

const invoiceNumber = z
  .string(invoiceMessages.numberRequired)
  .check(z.trim(), z.minLength(1, invoiceMessages.numberRequired), z.maxLength(INVOICE_NUMBER_MAX, invoiceMessages.numberTooLong));

const date = (label: string) => z.iso.date(invoiceMessages.invalidDate(label));

const emptyToNull = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(z.union([z.pipe(z.literal(""), z.transform(() => null)), z.null(), schema]));

const pdfUrl = z
  .url({ protocol: PDF_URL_PROTOCOL, error: invoiceMessages.pdfUrlProtocol })
  .check(z.maxLength(PDF_URL_MAX, invoiceMessages.pdfUrlTooLong))
  .check(z.refine(isUnambiguousIfUrl, LINK_URL_AMBIGUOUS_MESSAGE));

/** What InvoiceFields shows in both dialogs: every field but the company, which an invoice keeps for life. */
const editableFields = {
  invoiceNumber,
  amount: amountInputSchema,
  issueDate: date("Issue date"),
  dueDate: emptyToNull(date("Due date")),
  pdfUrl: emptyToNull(pdfUrl),
  status: z._default(z.enum(invoiceStatuses, invoiceMessages.status), "unpaid"),
};

/** The create dialog's schema; the edit dialog checks with it too and then leaves the company out. */
export const createInvoiceInputSchema = z
  .object({ companyId: z.uuid(invoiceMessages.chooseCompany), ...editableFields })
  .check(z.superRefine(checkDueNotBeforeIssue));
export type CreateInvoiceFormValues = z.input<typeof createInvoiceInputSchema>;
export type CreateInvoiceInput = z.output<typeof createInvoiceInputSchema>;
