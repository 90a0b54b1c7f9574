/**
 * zod/mini mirror of createInvoiceInputSchema in src/shared/schemas/invoice.ts (schemas.parity.test.ts).
 * Limits, messages and the cross-field checks are src/shared/rules'; the text fields are built from
 * the one table of src/shared/rules/invoice-fields.ts, as the server's are.
 */
import { storedInvoiceStatuses } from "@/shared/enums";
import { eachInvoiceTextField } from "@/shared/rules/invoice-fields";
import { AMOUNT_PATTERN, amountFitsColumn, checkAmountOrLines, checkDueNotBeforeIssue, INVOICE_NUMBER_MAX, invoiceMessages, PDF_URL_MAX, PDF_URL_PROTOCOL } from "@/shared/rules/invoice";
import { isUnambiguousIfUrl, LINK_URL_AMBIGUOUS_MESSAGE } from "@/shared/rules/link-url";
import { LINE_DESCRIPTION_MAX, LINES_MAX, linesProblem, moneyMessages, quantityProblem, taxRateProblem, unitPriceProblem } from "@/shared/rules/money";
import { requiredText, storable } from "./text";
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

/** A decimal field of a line: text, or a number turned into its shortest decimal text (as `amount`). */
const decimalInput = (message: string, problem: (value: string) => string | undefined) =>
  z
    .pipe(
      z.union([z.string(), z.number()], message),
      z.transform((value: string | number) => (typeof value === "number" ? String(value) : value.trim())),
    )
    .check(
      z.superRefine((value: string, ctx) => {
        const found = problem(value);
        if (found) ctx.addIssue({ code: "custom", message: found });
      }),
    );

/** One line of the line editor; the server computes its totals (shared/rules/money.ts). */
export const invoiceLineInputSchema = z.object({
  description: z
    .string(moneyMessages.descriptionRequired)
    .check(z.trim(), z.minLength(1, moneyMessages.descriptionRequired), z.maxLength(LINE_DESCRIPTION_MAX, moneyMessages.descriptionTooLong), storable()),
  quantity: decimalInput(moneyMessages.quantity, quantityProblem),
  unitPrice: decimalInput(moneyMessages.unitPrice, unitPriceProblem),
  taxRate: z.optional(
    z
      .pipe(
        z.union([z.string(), z.number(), z.null()], moneyMessages.taxRate),
        z.transform((value: string | number | null) => (value === null ? null : String(value).trim() || null)),
      )
      .check(z.refine((value: string | null) => taxRateProblem(value) === undefined, moneyMessages.taxRate)),
  ),
});

/** An invoice's lines as every form that writes them takes them (the invoice, the recurring invoice). */
export const linesInput = z.array(invoiceLineInputSchema, moneyMessages.linesRequired).check(
  z.minLength(1, moneyMessages.linesRequired),
  z.maxLength(LINES_MAX, moneyMessages.tooManyLines),
  z.superRefine((lines, ctx) => {
    const found = linesProblem(lines);
    if (found) ctx.addIssue({ code: "custom", message: found });
  }),
);

const invoiceNumber = requiredText(invoiceMessages.numberRequired, INVOICE_NUMBER_MAX, invoiceMessages.numberTooLong);

const date = (label: string) => z.iso.date(invoiceMessages.invalidDate(label));

const emptyToNull = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(z.union([z.pipe(z.literal(""), z.transform(() => null)), z.null(), schema]));

/** The text fields of src/shared/rules/invoice-fields.ts, as the server builds them. */
const textInputs = eachInvoiceTextField((field) => emptyToNull(z.string().check(z.trim(), z.maxLength(field.max, field.tooLong), storable())));

const pdfUrl = z
  .url({ protocol: PDF_URL_PROTOCOL, error: invoiceMessages.pdfUrlProtocol })
  .check(z.maxLength(PDF_URL_MAX, invoiceMessages.pdfUrlTooLong), storable())
  .check(z.refine(isUnambiguousIfUrl, LINK_URL_AMBIGUOUS_MESSAGE));

/** What InvoiceFields shows in both dialogs: every field but the company, which an invoice keeps for life. */
const editableFields = {
  invoiceNumber,
  amount: z.optional(amountInputSchema),
  lines: z.optional(linesInput),
  ...textInputs,
  issueDate: date("Issue date"),
  dueDate: emptyToNull(date("Due date")),
  pdfUrl: emptyToNull(pdfUrl),
  // What a row stores: partially paid follows from payments and is never sent (ADR 043).
  status: z._default(z.enum(storedInvoiceStatuses, invoiceMessages.status), "unpaid"),
  allowPartialPayment: z._default(z.boolean(), false),
};

/** The create dialog's schema; the edit dialog checks with it too and then leaves the company out. */
export const createInvoiceInputSchema = z
  .object({ companyId: z.uuid(invoiceMessages.chooseCompany), ...editableFields })
  .check(
    z.superRefine((input, ctx) => {
      checkDueNotBeforeIssue(input, ctx);
      checkAmountOrLines(input, ctx, true);
    }),
  );
export type CreateInvoiceFormValues = z.input<typeof createInvoiceInputSchema>;
export type CreateInvoiceInput = z.output<typeof createInvoiceInputSchema>;
