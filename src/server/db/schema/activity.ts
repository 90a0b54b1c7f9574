import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ACTIVITY_VALUE_MAX, activityKinds } from "@/shared/rules/activity";
import { invoices } from "./billing";
import { maxLength } from "./limits";
import { projects } from "./projects";
import { quotes } from "./quotes";
import { companyIdColumn, personColumn } from "./references";
import { tickets } from "./tickets";

/** The record an entry is about; deleting the record deletes its history. */
const subject = (name: string, target: () => AnyPgColumn) => uuid(name).references(target, { onDelete: "cascade" });

/**
 * The history of projects, tickets, invoices and quotes (ADR 028): one row per thing that happened,
 * written in the transaction of the change. Unlike the audit log it follows its record (a deleted
 * ticket takes its history along) and is shown to customers: `company_id` is the tenant rule of
 * every read, and `admin_only` rows (a draft invoice's or quote's) reach admins only.
 */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    companyId: companyIdColumn("cascade"),
    projectId: subject("project_id", () => projects.id),
    ticketId: subject("ticket_id", () => tickets.id),
    invoiceId: subject("invoice_id", () => invoices.id),
    quoteId: subject("quote_id", () => quotes.id),
    kind: text("kind", { enum: activityKinds }).notNull(),
    actorId: personColumn("actor_id"),
    /** The actor's name then: the entry still says who after their account is gone. */
    actorName: text("actor_name"),
    /** For `changed`: the field (shared/rules/activity.ts `activityFields`). */
    field: text("field"),
    /** Before and after, as stored (a status code, a date, an amount); a name for an assignee; a file's name for `attached`. */
    fromValue: text("from_value"),
    toValue: text("to_value"),
    adminOnly: boolean("admin_only").notNull().default(false),
  },
  (t) => [
    check("activity_events_one_subject", sql`num_nonnulls(${t.projectId}, ${t.ticketId}, ${t.invoiceId}, ${t.quoteId}) = 1`),
    check("activity_events_kind_known", sql`${t.kind} in (${sql.raw(activityKinds.map((kind) => `'${kind}'`).join(", "))})`),
    check("activity_events_field_iff_changed", sql`(${t.kind} = 'changed') = (${t.field} IS NOT NULL)`),
    maxLength("activity_events_actor_name_length", t.actorName, 200),
    maxLength("activity_events_field_length", t.field, 40),
    maxLength("activity_events_from_length", t.fromValue, ACTIVITY_VALUE_MAX),
    maxLength("activity_events_to_length", t.toValue, ACTIVITY_VALUE_MAX),
    // A record's timeline, and a company's feed, newest first by keyset (as the audit log, ADR 027).
    index("activity_events_project_at_idx").on(t.projectId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.projectId} IS NOT NULL`),
    index("activity_events_ticket_at_idx").on(t.ticketId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.ticketId} IS NOT NULL`),
    index("activity_events_invoice_at_idx").on(t.invoiceId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.invoiceId} IS NOT NULL`),
    index("activity_events_quote_at_idx").on(t.quoteId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.quoteId} IS NOT NULL`),
    index("activity_events_company_at_idx").on(t.companyId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("activity_events_actor_idx").on(t.actorId),
  ],
);
