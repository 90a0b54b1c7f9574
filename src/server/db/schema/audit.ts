import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { AUDIT_TEXT_MAX, AUDIT_USER_AGENT_MAX, auditKinds } from "@/shared/rules/audit";
import { maxLength } from "./limits";

/**
 * Security-relevant events (ADR 027). Append-only: drizzle/0017's trigger refuses every UPDATE,
 * and every DELETE outside the retention job's transaction. No foreign keys: an entry outlives
 * the account, company or invitation it names, so emails and labels are copied in as they were.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind", { enum: auditKinds }).notNull(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    /** The company the event concerns, for the company filter. */
    companyId: uuid("company_id"),
    targetType: text("target_type"),
    targetId: text("target_id"),
    /** What the target was called then: an email, an invoice number. */
    targetLabel: text("target_label"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The entry's place in the audit log's hash chain (ADR 050), set by drizzle/0044's trigger under
     * the chain's lock: its position from 1, the previous entry's hash, and the SHA-256 (hex) of its
     * content with that link. Editing any entry breaks its hash; removing one breaks the next link.
     */
    seq: bigint("seq", { mode: "bigint" }).notNull().default(sql`0`),
    prevHash: text("prev_hash").notNull().default(""),
    hash: text("hash").notNull().default(""),
  },
  (t) => [
    check("audit_events_kind_known", sql`${t.kind} in (${sql.raw(auditKinds.map((kind) => `'${kind}'`).join(", "))})`),
    maxLength("audit_events_actor_email_length", t.actorEmail, AUDIT_TEXT_MAX),
    maxLength("audit_events_target_type_length", t.targetType, 40),
    maxLength("audit_events_target_id_length", t.targetId, AUDIT_TEXT_MAX),
    maxLength("audit_events_target_label_length", t.targetLabel, AUDIT_TEXT_MAX),
    maxLength("audit_events_ip_length", t.ip, 64),
    maxLength("audit_events_user_agent_length", t.userAgent, AUDIT_USER_AGENT_MAX),
    uniqueIndex("audit_events_seq_idx").on(t.seq),
    // The page and its keyset cursor. NULLS FIRST is what `order by … desc` means: an index in
    // another null order is not used for it (ADR 005), however NOT NULL the columns are.
    index("audit_events_at_idx").on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_events_company_at_idx").on(t.companyId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_events_kind_at_idx").on(t.kind, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // "Actor contains …", any case: trigrams answer ILIKE '%…%' without reading every row.
    index("audit_events_actor_email_trgm_idx").using("gin", sql`${t.actorEmail} gin_trgm_ops`),
  ],
);
