import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver, UseFormReturn } from "react-hook-form";
import type { RecurringFrequency } from "@/shared/rules/recurring";
import type { ApiBody } from "@/web/lib/api-types";
import { amountInputSchema } from "@/web/lib/schemas/invoice";
import { createRecurringInvoiceInputSchema } from "@/web/lib/schemas/recurring";

/** One line as the invoice form's line editor holds it (which this form reuses): text as typed; "" tax is none. */
export interface LineFormValues {
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
}

/** How the schedule ends: never, on a date, or after a number of invoices (the API takes at most one of the two). */
export type RecurringEnd = "none" | "date" | "count";

/** The form's inputs, all text as typed; `amount` with no lines is the invoice editor's single amount. */
export interface RecurringFormValues {
  companyId: string;
  amount: string;
  lines: LineFormValues[];
  notes: string;
  issueStatus: "unpaid" | "draft";
  dueDays: string;
  frequency: RecurringFrequency;
  dayOfMonth: string;
  startDate: string;
  endKind: RecurringEnd;
  endDate: string;
  count: string;
}

export type RecurringSubmit = ApiBody<"post", "/recurring-invoices">;
export type RecurringForm = UseFormReturn<RecurringFormValues, unknown, RecurringSubmit>;

/** A blank form: one empty line, issued unpaid, monthly on today's day of the month from today, with no end. */
export const emptyRecurringForm = (today: string): RecurringFormValues => ({
  companyId: "",
  amount: "",
  lines: [{ description: "", quantity: "1", unitPrice: "", taxRate: "" }],
  notes: "",
  issueStatus: "unpaid",
  dueDays: "",
  frequency: "monthly",
  dayOfMonth: String(Number(today.slice(8, 10))),
  startDate: today,
  endKind: "none",
  endDate: "",
  count: "",
});

/** A whole number as typed; anything else (blank too) is NaN, which the schema refuses with the field's message. */
const wholeOf = (text: string) => (/^[+-]?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The form as the API's body, before the schema checks it: a single amount as one "Services" line
 * (as the server makes of an invoice's amount), blank days to pay as none, and only the end chosen
 * (the other sent as none, since the API refuses both).
 */
export function recurringInputOf(values: RecurringFormValues) {
  return {
    companyId: values.companyId,
    lines: values.lines.length > 0 ? values.lines : [{ description: "Services", quantity: "1", unitPrice: values.amount.trim(), taxRate: null }],
    notes: values.notes,
    issueStatus: values.issueStatus,
    dueDays: values.dueDays.trim() === "" ? null : wholeOf(values.dueDays),
    frequency: values.frequency,
    dayOfMonth: wholeOf(values.dayOfMonth),
    startDate: values.startDate,
    endDate: values.endKind === "date" ? values.endDate : null,
    count: values.endKind === "count" ? wholeOf(values.count) : null,
  };
}

// Synchronous, like the invoice form's: parsed asynchronously, an empty note came out "" instead of null.
const check = zodResolver(createRecurringInvoiceInputSchema, undefined, { mode: "sync" });

type Result = Awaited<ReturnType<Resolver<RecurringFormValues, unknown, RecurringSubmit>>>;

/**
 * The form's checks, by the server's schema (its zod/mini copy, web/lib/schemas/recurring.ts) on the
 * body `recurringInputOf` makes. The errors come at the schema's paths, which are the form's
 * names (`dayOfMonth`, `lines.0.unitPrice`); with a single amount, its problems are the Amount's.
 */
export const recurringFormResolver: Resolver<RecurringFormValues, unknown, RecurringSubmit> = async (values, context, options) => {
  const result = (await check(recurringInputOf(values) as never, context, options as never)) as Result;
  if (values.lines.length > 0) return result;
  const amount = amountInputSchema.safeParse(values.amount);
  const { lines, ...errors } = result.errors as FieldErrors<RecurringFormValues>;
  const amountMessage = amount.success ? (lines?.message ?? lines?.[0]?.unitPrice?.message) : amount.error.issues[0]?.message;
  if (!amountMessage) return result;
  return { values: {}, errors: { ...errors, amount: { type: "validate", message: amountMessage } } as FieldErrors<RecurringFormValues> };
};
