import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/**
 * One row per company that has messages: the admin conversation list reads this instead of
 * aggregating every message on each request (ADR 009). Kept by triggers on `messages` and
 * `user_roles` (migration 0004), in the same transaction as every insert, read flag, deletion and
 * cascade, whoever writes: the API, the seed scripts, tests writing rows directly.
 * Never written by application code.
 */
export const conversations = pgTable(
  "conversations",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** max(messages.created_at) of the company. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull(),
    messageCount: integer("message_count").notNull(),
    /** Unread messages whose sender is not an admin (a deleted sender counts as a customer). */
    unreadCount: integer("unread_count").notNull(),
  },
  (t) => [
    check("conversations_counts_valid", sql`${t.messageCount} > 0 AND ${t.unreadCount} >= 0 AND ${t.unreadCount} <= ${t.messageCount}`),
    // Ascending on both: scanned forwards for sort=asc, backwards for the default
    // `ORDER BY last_message_at DESC, company_id DESC` (NULLS FIRST both ways; the column is NOT NULL).
    index("conversations_last_message_at_idx").on(t.lastMessageAt, t.companyId),
    // The inbox's unread-first order (conversations with unread customer messages, then the rest,
    // each newest first) and its cursor's row comparison, scanned backwards: the expression is
    // written as the list writes it, so the planner matches it.
    index("conversations_unread_first_idx").on(sql`(${t.unreadCount} > 0)`, t.lastMessageAt, t.companyId),
  ],
);
