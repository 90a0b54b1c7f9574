import { z } from "zod";
import { invoiceMessages } from "../rules/invoice";
import { DUE_DAYS_MAX, RECURRING_COUNT_MAX, recurringFrequencies, recurringMessages as messages, recurringStatuses } from "../rules/recurring";
import { invoiceLineSchema, linesInput, textInputs } from "./invoice";
import { namedRecordSchema, timestampsShape } from "./records";

/* Recurring invoices (issue 42, ADR 048): a template of an invoice and the schedule it is issued on. */

const whole = (message: string, min: number, max: number) => z.number(message).int(message).min(min, message).max(max, message);

/** POST /recurring-invoices (admin). */
export const createRecurringInvoiceInputSchema = z
  .object({
    companyId: z.uuid(invoiceMessages.chooseCompany),
    lines: linesInput,
    notes: textInputs.notes,
    /** `unpaid` (the default) issues each invoice at once; `draft` leaves it for an admin to look over and issue. */
    issueStatus: z.enum(["draft", "unpaid"], invoiceMessages.status).default("unpaid"),
    /** Each invoice is due this many days after its issue date; none without. */
    dueDays: whole(messages.dueDays, 0, DUE_DAYS_MAX).nullable().optional(),
    frequency: z.enum(recurringFrequencies, messages.frequency),
    /** 1–31: a month without the day issues on its last day. */
    dayOfMonth: whole(messages.dayOfMonth, 1, 31),
    startDate: z.iso.date(messages.startDate),
    endDate: z.iso.date(messages.endDate).nullable().optional(),
    /** How many invoices in all; none for no limit. */
    count: whole(messages.count, 1, RECURRING_COUNT_MAX).nullable().optional(),
  })
  .refine((input) => !input.endDate || input.endDate >= input.startDate, { message: messages.endBeforeStart, path: ["endDate"] })
  .refine((input) => !input.endDate || !input.count, { message: messages.endOrCount, path: ["count"] });
export type CreateRecurringInvoiceInput = z.infer<typeof createRecurringInvoiceInputSchema>;

export const recurringInvoiceSchema = z.object({
  id: z.uuid(),
  company: namedRecordSchema,
  lines: z.array(invoiceLineSchema.omit({ id: true })),
  /** The total of one invoice, with its tax (decimal string). */
  amount: z.string(),
  /** ISO 4217 code of every amount (CURRENCY): one currency per installation. */
  currency: z.string(),
  notes: z.string().nullable(),
  issueStatus: z.enum(["draft", "unpaid"]),
  dueDays: z.number().int().nullable(),
  frequency: z.enum(recurringFrequencies),
  dayOfMonth: z.number().int(),
  startDate: z.iso.date(),
  endDate: z.iso.date().nullable(),
  count: z.number().int().nullable(),
  status: z.enum(recurringStatuses),
  issuedCount: z.number().int(),
  /** The next three issue dates (fewer near the end; none once paused or ended). */
  upcoming: z.array(z.iso.date()),
  ...timestampsShape,
});
export type RecurringInvoice = z.infer<typeof recurringInvoiceSchema>;

/** The invoices a schedule issued, newest period first. */
export const recurringRunSchema = z.object({ periodDate: z.iso.date(), invoice: z.object({ id: z.uuid(), invoiceNumber: z.string() }).nullable() });
export const recurringInvoiceDetailSchema = recurringInvoiceSchema.extend({ runs: z.array(recurringRunSchema) });
export type RecurringInvoiceDetail = z.infer<typeof recurringInvoiceDetailSchema>;

/** POST /recurring-invoices/{id}/{pause|resume|end}. */
export type RecurringAction = "pause" | "resume" | "end";
