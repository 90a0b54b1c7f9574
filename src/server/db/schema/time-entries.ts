import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { MINUTES_MAX, TIME_DESCRIPTION_MAX } from "@/shared/rules/time-entry";
import { idColumn, timestamps } from "./columns";
import { maxLength, notBlank } from "./limits";
import { companyIdColumn, personColumn } from "./references";
import { projects } from "./projects";
import { tickets } from "./tickets";
import { invoices } from "./billing";

/**
 * Time the team worked for a company (issue 42, ADR 047), logged on a project and optionally one of
 * its tickets. `rate` is the hourly rate in force when it was logged, so a later change of the
 * project's rate never reprices work already done. `invoice_id` is the invoice it was billed to:
 * set when "Invoice unbilled time" bills it, cleared when that invoice is voided or its draft deleted.
 */
export const timeEntries = pgTable(
  "time_entries",
  {
    id: idColumn(),
    projectId: uuid("project_id").notNull(),
    // The project's company, kept equal to it by the foreign key below: the tenant scope of every read.
    companyId: companyIdColumn("cascade"),
    ticketId: uuid("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    workDate: date("work_date").notNull(),
    minutes: integer("minutes").notNull(),
    description: text("description").notNull(),
    billable: boolean("billable").notNull().default(true),
    rate: numeric("rate", { precision: 12, scale: 2 }).notNull(),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    loggedBy: personColumn("logged_by"),
    ...timestamps(),
  },
  (t) => [
    foreignKey({ name: "time_entries_project_company_fk", columns: [t.projectId, t.companyId], foreignColumns: [projects.id, projects.companyId] })
      .onDelete("cascade")
      .onUpdate("cascade"),
    check("time_entries_minutes_range", sql`${t.minutes} BETWEEN 1 AND ${sql.raw(String(MINUTES_MAX))}`),
    check("time_entries_rate_not_negative", sql`${t.rate} >= 0`),
    notBlank("time_entries_description_not_blank", t.description),
    maxLength("time_entries_description_length", t.description, TIME_DESCRIPTION_MAX),
    index("time_entries_project_id_work_date_idx").on(t.projectId, t.workDate),
    // "Invoice unbilled time" reads a company's unbilled billable entries.
    index("time_entries_company_unbilled_idx").on(t.companyId, t.workDate).where(sql`${t.invoiceId} IS NULL AND ${t.billable}`),
    index("time_entries_invoice_id_idx").on(t.invoiceId),
    index("time_entries_ticket_id_idx").on(t.ticketId),
  ],
);
