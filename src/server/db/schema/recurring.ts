import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { DUE_DAYS_MAX, RECURRING_COUNT_MAX, recurringFrequencies, recurringStatuses } from "@/shared/rules/recurring";
import { invoiceTextFields } from "@/shared/rules/invoice-fields";
import type { InvoiceLineInput } from "@/shared/schemas/invoice";
import { idColumn, timestamps } from "./columns";
import { maxLength } from "./limits";
import { companyIdColumn, personColumn } from "./references";
import { invoices } from "./billing";

export const recurringFrequency = pgEnum("recurring_frequency", recurringFrequencies);
export const recurringStatus = pgEnum("recurring_status", recurringStatuses);

/**
 * A recurring invoice (issue 42, ADR 048): the invoice to issue (company, lines, notes, payment
 * terms, whether it goes out issued or as a draft) and its schedule. `next_index` counts the
 * schedule's dates (shared/rules/recurring.ts `occurrence`), `next_issue_date` is that date while
 * the schedule is active, and the job issues every one that has come, oldest first.
 */
export const recurringInvoices = pgTable(
  "recurring_invoices",
  {
    id: idColumn(),
    companyId: companyIdColumn("cascade"),
    // Validated as an invoice's lines are on the way in; the invoice computes its totals from them.
    lines: jsonb("lines").$type<InvoiceLineInput[]>().notNull(),
    notes: text("notes"),
    issueStatus: text("issue_status", { enum: ["draft", "unpaid"] }).notNull().default("unpaid"),
    dueDays: integer("due_days"),
    frequency: recurringFrequency("frequency").notNull(),
    dayOfMonth: integer("day_of_month").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date"),
    count: integer("count"),
    status: recurringStatus("status").notNull().default("active"),
    nextIndex: integer("next_index").notNull().default(0),
    nextIssueDate: date("next_issue_date"),
    issuedCount: integer("issued_count").notNull().default(0),
    // The admin who set it up: the invoices are issued on their behalf (ADR 048).
    createdBy: personColumn("created_by"),
    ...timestamps(),
  },
  (t) => [
    check("recurring_invoices_issue_status", sql`${t.issueStatus} IN ('draft', 'unpaid')`),
    check("recurring_invoices_day_of_month_range", sql`${t.dayOfMonth} BETWEEN 1 AND 31`),
    check("recurring_invoices_due_days_range", sql`${t.dueDays} BETWEEN 0 AND ${sql.raw(String(DUE_DAYS_MAX))}`),
    check("recurring_invoices_count_range", sql`${t.count} BETWEEN 1 AND ${sql.raw(String(RECURRING_COUNT_MAX))}`),
    check("recurring_invoices_end_after_start", sql`${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}`),
    maxLength("recurring_invoices_notes_length", t.notes, invoiceTextFields.notes.max),
    // The job's look: the active schedules whose next date has come.
    index("recurring_invoices_due_idx").on(t.nextIssueDate).where(sql`${t.status} = 'active'`),
    index("recurring_invoices_company_id_idx").on(t.companyId),
  ],
);

/**
 * Each date a schedule issued for, with the invoice it made: the primary key is the guard that
 * issues each period once, whatever the number of processes and retries.
 */
export const recurringInvoiceRuns = pgTable(
  "recurring_invoice_runs",
  {
    recurringInvoiceId: uuid("recurring_invoice_id")
      .notNull()
      .references(() => recurringInvoices.id, { onDelete: "cascade" }),
    periodDate: date("period_date").notNull(),
    // A draft it made may be deleted; the run stays, so the period is not issued again.
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recurringInvoiceId, t.periodDate] }), index("recurring_invoice_runs_invoice_id_idx").on(t.invoiceId)],
);
