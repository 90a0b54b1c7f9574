/** zod/mini mirror of createInvoiceInputSchema in src/shared/schemas/invoice.ts (schemas.parity.test.ts). */
import { invoiceStatuses } from "@/shared/enums";
import { AMOUNT_PATTERN, amountFitsColumn, checkDueNotBeforeIssue, INVOICE_NUMBER_MAX, invoiceMessages, PDF_URL_MAX, PDF_URL_PROTOCOL } from "@/shared/rules/invoice";
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

const linesInput = z.array(invoiceLineInputSchema, moneyMessages.linesRequired).check(
  z.minLength(1, moneyMessages.linesRequired),
  z.maxLength(LINES_MAX, moneyMessages.tooManyLines),
  z.superRefine((lines, ctx) => {
    const found = linesProblem(lines);
    if (found) ctx.addIssue({ code: "custom", message: found });
  }),
);

/** The notes' limit; the messages below are the server's, word for word (schemas.parity.test.ts). */
export const NOTES_MAX = 5000;
const notes = z.string().check(z.trim(), z.maxLength(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`), storable());

/** An invoice is priced by one `amount` (one "Services" line) or by its `lines`, never both. */
function checkAmountOrLines(
  input: { amount?: unknown; lines?: unknown },
  ctx: { addIssue(issue: { code: "custom"; path: string[]; message: string }): void },
) {
  const sent = [input.amount, input.lines].filter((value) => value !== undefined).length;
  const message = sent === 2 ? "Send either an amount or lines, not both" : sent === 0 ? "Send an amount or lines" : undefined;
  if (message) for (const field of ["amount", "lines"]) ctx.addIssue({ code: "custom", path: [field], message });
}

const invoiceNumber = requiredText(invoiceMessages.numberRequired, INVOICE_NUMBER_MAX, invoiceMessages.numberTooLong);

const date = (label: string) => z.iso.date(invoiceMessages.invalidDate(label));

const emptyToNull = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(z.union([z.pipe(z.literal(""), z.transform(() => null)), z.null(), schema]));

const pdfUrl = z
  .url({ protocol: PDF_URL_PROTOCOL, error: invoiceMessages.pdfUrlProtocol })
  .check(z.maxLength(PDF_URL_MAX, invoiceMessages.pdfUrlTooLong), storable())
  .check(z.refine(isUnambiguousIfUrl, LINK_URL_AMBIGUOUS_MESSAGE));

/** What InvoiceFields shows in both dialogs: every field but the company, which an invoice keeps for life. */
const editableFields = {
  invoiceNumber,
  amount: z.optional(amountInputSchema),
  lines: z.optional(linesInput),
  notes: emptyToNull(notes),
  issueDate: date("Issue date"),
  dueDate: emptyToNull(date("Due date")),
  pdfUrl: emptyToNull(pdfUrl),
  status: z._default(z.enum(invoiceStatuses, invoiceMessages.status), "unpaid"),
};

/** The create dialog's schema; the edit dialog checks with it too and then leaves the company out. */
export const createInvoiceInputSchema = z
  .object({ companyId: z.uuid(invoiceMessages.chooseCompany), ...editableFields })
  .check(
    z.superRefine((input, ctx) => {
      checkDueNotBeforeIssue(input, ctx);
      checkAmountOrLines(input, ctx);
    }),
  );
export type CreateInvoiceFormValues = z.input<typeof createInvoiceInputSchema>;
export type CreateInvoiceInput = z.output<typeof createInvoiceInputSchema>;
