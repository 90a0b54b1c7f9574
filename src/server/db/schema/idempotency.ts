import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn } from "./columns";

/**
 * The answers of creates made with an `Idempotency-Key` header (ADR 039), kept 24 hours. A row is
 * written in the same transaction as the create it answers, so it exists exactly when the create
 * does: a retry after a lost answer (a 502 at a restart) gets this answer back instead of a second
 * record. Only successful answers are kept; a refusal wrote nothing, so its key stays free.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: idColumn(),
    /** Whose key it is: `user:<id>` for a session, `token:<id>` for an API token; keys never meet across callers. */
    scope: text("scope").notNull(),
    /** The header's value, 1 to 255 visible ASCII characters. */
    key: text("key").notNull(),
    /** What the request was: `METHOD path sha256(body)`; the same key with another request is refused (422). */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status").notNull(),
    body: jsonb("body").notNull(),
    /** The realtime events the create published ({kind, companyId, id}), published again on every replay. */
    events: jsonb("events").notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("idempotency_keys_scope_key_unique").on(t.scope, t.key),
    // The sweep deletes by age.
    index("idempotency_keys_created_at_idx").on(t.createdAt),
    check("idempotency_keys_key_length", sql`char_length(${t.key}) BETWEEN 1 AND 255`),
    check("idempotency_keys_status_success", sql`${t.status} BETWEEN 200 AND 299`),
  ],
);
