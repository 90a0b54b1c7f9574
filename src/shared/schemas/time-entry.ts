import { z } from "zod";
import { NOTHING_TO_UPDATE } from "../rules/common";
import { INVOICE_NUMBER_MAX, invoiceMessages } from "../rules/invoice";
import { MINUTES_MAX, MONTHLY_HOURS_MAX, TIME_DESCRIPTION_MAX, timeEntryMessages as messages } from "../rules/time-entry";
import { amountInputSchema, invoiceLineInputSchema } from "./invoice";
import { pageOf } from "./pagination";
import { namedRecordSchema, personSchema, timestampsShape } from "./records";
import { requiredText } from "./text";

/* Tracked time (issue 42, ADR 047): admins log it on a project or ticket and bill it to invoices. */

const workDate = z.iso.date(messages.workDate);
const minutes = z.number(messages.minutes).int(messages.minutes).min(1, messages.minutes).max(MINUTES_MAX, messages.minutes);
const description = requiredText(messages.descriptionRequired, TIME_DESCRIPTION_MAX, messages.descriptionTooLong);

const entryFields = z.object({
  projectId: z.uuid(messages.chooseProject),
  /** A ticket of the same project, or none. */
  ticketId: z.uuid(messages.chooseTicket).nullable(),
  workDate,
  minutes,
  description,
  billable: z.boolean(),
  /** The hourly rate; without one, the project's hourly rate, else DEFAULT_HOURLY_RATE (400 naming `rate` when neither is set). */
  rate: amountInputSchema,
});

/** POST /time-entries (admin). */
export const createTimeEntryInputSchema = entryFields.partial({ ticketId: true, billable: true, rate: true });
export type CreateTimeEntryInput = z.infer<typeof createTimeEntryInputSchema>;

/** PATCH /time-entries/{id} (admin): any subset but the project; billed time does not change (409). */
export const updateTimeEntryInputSchema = entryFields
  .omit({ projectId: true })
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE)
  .meta({ minProperties: 1 });
export type UpdateTimeEntryInput = z.infer<typeof updateTimeEntryInputSchema>;

export const timeEntryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  projectId: z.uuid().optional(),
  companyId: z.uuid().optional(),
  /** `unbilled`: billable entries on no invoice yet; `billed`: those on one. */
  billing: z.enum(["unbilled", "billed"]).optional(),
});
export type TimeEntryListQuery = z.infer<typeof timeEntryListQuerySchema>;

export const timeEntrySchema = z.object({
  id: z.uuid(),
  project: namedRecordSchema,
  company: namedRecordSchema,
  ticket: z.object({ id: z.uuid(), number: z.number().int(), title: z.string() }).nullable(),
  workDate: z.iso.date(),
  minutes: z.number().int(),
  description: z.string(),
  billable: z.boolean(),
  /** The hourly rate, a decimal string with two decimals. */
  rate: z.string(),
  /** The invoice it was billed to; null while unbilled. */
  invoice: z.object({ id: z.uuid(), invoiceNumber: z.string() }).nullable(),
  /** Who logged it; null once their account is gone. */
  loggedBy: personSchema.nullable(),
  ...timestampsShape,
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timeEntryPageSchema = pageOf(timeEntrySchema);
export type TimeEntryPage = z.infer<typeof timeEntryPageSchema>;

/** GET /projects/{id}/time: the hours a project took, which its customers see too. */
export const projectTimeSchema = z.object({
  /** Every logged minute, billable or not. */
  totalMinutes: z.number().int(),
  /** This calendar month's, in the installation's time zone. */
  monthMinutes: z.number().int(),
  /** The month counted (YYYY-MM). */
  month: z.string(),
  /** The hours agreed a month, or null for none. */
  monthlyBudgetHours: z.number().int().nullable(),
  /** The project's hourly rate (a decimal string), or null to use the default. */
  hourlyRate: z.string().nullable(),
});
export type ProjectTime = z.infer<typeof projectTimeSchema>;

/** PUT /projects/{id}/time (admin): the project's hourly rate and monthly budget; null clears one. */
export const projectTimeSettingsInputSchema = z.object({
  hourlyRate: amountInputSchema.nullable(),
  monthlyBudgetHours: z.number(messages.monthlyHours).int(messages.monthlyHours).min(1, messages.monthlyHours).max(MONTHLY_HOURS_MAX, messages.monthlyHours).nullable(),
});
export type ProjectTimeSettingsInput = z.infer<typeof projectTimeSettingsInputSchema>;

/** POST /invoices/from-time (admin): a company's unbilled billable time of a period as one invoice. */
export const invoiceTimeInputSchema = z
  .object({
    companyId: z.uuid(invoiceMessages.chooseCompany),
    /** The period's first and last day of work, inclusive; without `from`, everything unbilled up to `to`. */
    from: workDate.optional(),
    to: workDate,
    /** `draft` (the default) to look it over first, `unpaid` to issue it at once. */
    status: z.enum(["draft", "unpaid"]).default("draft"),
    /** Without one, the next number of the series in use. */
    invoiceNumber: requiredText(invoiceMessages.numberRequired, INVOICE_NUMBER_MAX, invoiceMessages.numberTooLong).optional(),
    dueDate: z.iso.date(invoiceMessages.invalidDate("Due date")).nullable().optional(),
    /** One tax rate for every line, or none. */
    taxRate: invoiceLineInputSchema.shape.taxRate,
  })
  .refine((input) => !input.from || input.from <= input.to, { message: messages.period, path: ["to"] });
export type InvoiceTimeInput = z.infer<typeof invoiceTimeInputSchema>;
