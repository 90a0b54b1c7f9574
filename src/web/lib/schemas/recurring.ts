/**
 * zod/mini mirror of createRecurringInvoiceInputSchema in src/shared/schemas/recurring.ts
 * (recurring-schema.test.ts holds the two to the same verdicts, outputs and messages). The
 * browser gets no classic zod (ADR 008, bundle-budget.test.ts): limits and messages are
 * src/shared/rules', the lines the invoice form's own line schema.
 */
import { invoiceMessages } from "@/shared/rules/invoice";
import { invoiceTextFields } from "@/shared/rules/invoice-fields";
import { DUE_DAYS_MAX, RECURRING_COUNT_MAX, recurringFrequencies, recurringMessages as messages } from "@/shared/rules/recurring";
import { linesInput } from "@/web/lib/schemas/invoice";
import { storable } from "@/web/lib/schemas/text";
import { z } from "@/web/lib/schemas/zod";

const whole = (message: string, min: number, max: number) => z.number(message).check(z.int(message), z.minimum(min, message), z.maximum(max, message));

const { notes } = invoiceTextFields;
// "" (an untouched input) and null are stored as null, as the server's `textInputs.notes`.
const notesInput = z.optional(z.union([z.pipe(z.literal(""), z.transform(() => null)), z.null(), z.string().check(z.trim(), z.maxLength(notes.max, notes.tooLong), storable())]));

export const createRecurringInvoiceInputSchema = z
  .object({
    companyId: z.uuid(invoiceMessages.chooseCompany),
    lines: linesInput,
    notes: notesInput,
    issueStatus: z._default(z.enum(["draft", "unpaid"], invoiceMessages.status), "unpaid"),
    dueDays: z.optional(z.nullable(whole(messages.dueDays, 0, DUE_DAYS_MAX))),
    frequency: z.enum(recurringFrequencies, messages.frequency),
    dayOfMonth: whole(messages.dayOfMonth, 1, 31),
    startDate: z.iso.date(messages.startDate),
    endDate: z.optional(z.nullable(z.iso.date(messages.endDate))),
    count: z.optional(z.nullable(whole(messages.count, 1, RECURRING_COUNT_MAX))),
  })
  .check(
    z.refine((input) => !input.endDate || input.endDate >= input.startDate, { message: messages.endBeforeStart, path: ["endDate"] }),
    z.refine((input) => !input.endDate || !input.count, { message: messages.endOrCount, path: ["count"] }),
  );
export type CreateRecurringInvoiceInput = z.output<typeof createRecurringInvoiceInputSchema>;
