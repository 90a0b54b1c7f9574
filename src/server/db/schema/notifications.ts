import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, check, date, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ACTIVITY_VALUE_MAX } from "@/shared/rules/activity";
import { NOTIFICATION_EXCERPT_MAX, mailDeliveries, notificationKinds } from "@/shared/rules/notifications";
import { profiles } from "./auth";
import { invoices } from "./billing";
import { maxLength } from "./limits";
import { projects } from "./projects";
import { quotes } from "./quotes";
import { companyIdColumn, personColumn } from "./references";
import { tickets } from "./tickets";

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
const recipient = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" });
/** The record a notification is about; deleting the record deletes what was said of it. */
const subject = (name: string, target: () => AnyPgColumn) => uuid(name).references(target, { onDelete: "cascade" });

/** How a notification goes out by mail, decided from the recipient's preference when it is written. */
export const notificationMailModes = ["immediate", "digest", "none"] as const;

/**
 * One thing that happened, for one recipient (ADR 029): written in the transaction of the event, so
 * none is lost and none doubled. `recipient_id` is the rule of every read; `company_id` is the
 * company the event belongs to (a member only ever gets their own company's). A conversation's or a
 * company's notification names no record: the company is its subject.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    recipientId: recipient("recipient_id"),
    companyId: companyIdColumn("cascade"),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    ticketId: subject("ticket_id", () => tickets.id),
    projectId: subject("project_id", () => projects.id),
    invoiceId: subject("invoice_id", () => invoices.id),
    quoteId: subject("quote_id", () => quotes.id),
    actorId: personColumn("actor_id"),
    actorName: text("actor_name"),
    field: text("field"),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    excerpt: text("excerpt"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    mail: text("mail", { enum: notificationMailModes }).notNull(),
    /** When it went out in a mail (alone, with others on its record, or in a digest). */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    check("notifications_kind_known", sql`${t.kind} in (${oneOf(notificationKinds)})`),
    check("notifications_mail_known", sql`${t.mail} in (${oneOf(notificationMailModes)})`),
    check("notifications_at_most_one_record", sql`num_nonnulls(${t.ticketId}, ${t.projectId}, ${t.invoiceId}, ${t.quoteId}) <= 1`),
    maxLength("notifications_actor_name_length", t.actorName, 200),
    maxLength("notifications_field_length", t.field, 40),
    maxLength("notifications_from_length", t.fromValue, ACTIVITY_VALUE_MAX),
    maxLength("notifications_to_length", t.toValue, ACTIVITY_VALUE_MAX),
    maxLength("notifications_excerpt_length", t.excerpt, NOTIFICATION_EXCERPT_MAX),
    // The panel, newest first by keyset; the bell's count reads the unread part only.
    index("notifications_recipient_idx").on(t.recipientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("notifications_unread_idx").on(t.recipientId).where(sql`${t.readAt} IS NULL`),
    // What the mail jobs scan: only what is still to be mailed.
    index("notifications_mail_due_idx").on(t.createdAt).where(sql`${t.mail} = 'immediate' AND ${t.mailedAt} IS NULL`),
    index("notifications_digest_due_idx").on(t.recipientId, t.createdAt).where(sql`${t.mail} = 'digest' AND ${t.mailedAt} IS NULL`),
    index("notifications_ticket_idx").on(t.ticketId),
    index("notifications_project_idx").on(t.projectId),
    index("notifications_invoice_idx").on(t.invoiceId),
    index("notifications_quote_idx").on(t.quoteId),
    index("notifications_company_idx").on(t.companyId),
    index("notifications_actor_idx").on(t.actorId),
  ],
);

/** A user's choice per kind; a kind without a row has its default (shared/rules/notifications.ts). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: recipient("user_id"),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    delivery: text("delivery", { enum: mailDeliveries }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("notification_preferences_kind_known", sql`${t.kind} in (${oneOf(notificationKinds)})`),
    check("notification_preferences_delivery_known", sql`${t.delivery} in (${oneOf(mailDeliveries)})`),
  ],
);

/**
 * One row per recipient and day whose digest was sent: the claim that makes each digest go out
 * once, whichever process runs it (written in the digest's own transaction).
 */
export const notificationDigests = pgTable(
  "notification_digests",
  {
    recipientId: recipient("recipient_id"),
    day: date("day", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recipientId, t.day] })],
);

/** An overdue invoice's members were reminded once: the claim of the reminder job. */
export const invoiceReminders = pgTable("invoice_reminders", {
  invoiceId: uuid("invoice_id")
    .primaryKey()
    .references(() => invoices.id, { onDelete: "cascade" }),
  remindedAt: timestamp("reminded_at", { withTimezone: true }).notNull().defaultNow(),
});
