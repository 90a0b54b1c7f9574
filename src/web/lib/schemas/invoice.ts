/** zod/mini mirror of createInvoiceInputSchema in src/shared/schemas/invoice.ts (schemas.parity.test.ts). */
import { invoiceStatuses } from "@/shared/enums";
import { z } from "./zod";

const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;
const AMOUNT_MAX_INTEGER_DIGITS = 10;

export const amountInputSchema = z
  .pipe(
    z.union([z.string(), z.number()], "Amount is required"),
    z.transform((value: string | number) => (typeof value === "number" ? String(value) : value.trim())),
  )
  .check(
    z.refine((value: string) => value !== "", "Amount is required"),
    z.refine((value: string) => value === "" || AMOUNT_PATTERN.test(value), "Amount must be a number of 0 or more with at most 2 decimals"),
    z.refine(
      (value: string) => !AMOUNT_PATTERN.test(value) || value.split(".")[0]!.length <= AMOUNT_MAX_INTEGER_DIGITS,
      "Amount is too large",
    ),
  );

const invoiceNumber = z
  .string("Invoice number is required")
  .check(z.trim(), z.minLength(1, "Invoice number is required"), z.maxLength(100, "Invoice number must be at most 100 characters"));

const date = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`);

const emptyToNull = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(z.union([z.pipe(z.literal(""), z.transform(() => null)), z.null(), schema]));

const pdfUrl = z
  .url({ protocol: /^https?$/, error: "PDF URL must be an http:// or https:// address" })
  .check(z.maxLength(2048, "PDF URL is too long"));

export const createInvoiceInputSchema = z
  .object({
    companyId: z.uuid("Choose a company"),
    invoiceNumber,
    amount: amountInputSchema,
    issueDate: date("Issue date"),
    dueDate: emptyToNull(date("Due date")),
    pdfUrl: emptyToNull(pdfUrl),
    status: z._default(z.enum(invoiceStatuses, "Status must be unpaid or paid"), "unpaid"),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.dueDate && input.dueDate < input.issueDate) {
        ctx.addIssue({ code: "custom", path: ["dueDate"], message: "Due date cannot be before the issue date" });
      }
    }),
  );
export type CreateInvoiceFormValues = z.input<typeof createInvoiceInputSchema>;
export type CreateInvoiceInput = z.output<typeof createInvoiceInputSchema>;
