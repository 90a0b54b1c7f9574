import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ACCESS_LABEL_MAX, ACCESS_REASON_MAX, accessKinds, accessRecordTypes } from "@/shared/rules/access-log";
import { AUDIT_TEXT_MAX } from "@/shared/rules/audit";
import { maxLength } from "./limits";

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * What the provider's staff read and changed of each company's records (ADR 050), for that
 * company to read. Append-only like the audit log, and hash-chained per company: drizzle/0044's
 * trigger sets `seq`, `hour`, `prev_hash` and `hash` under the chain's lock (hash_chain_heads),
 * and skips a read already kept for that person, record and hour, so coalescing never rewrites a
 * row (which would break its hash). No foreign keys: an entry outlives the account and the record.
 */
export const accessEvents = pgTable(
  "access_events",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Place in the company's chain, from 1; set by the chain trigger. */
    seq: bigint("seq", { mode: "bigint" }).notNull().default(sql`0`),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** `at` to the hour in UTC, the coalescing bucket of reads; set by the chain trigger. */
    hour: timestamp("hour", { withTimezone: true }).notNull().defaultNow(),
    companyId: uuid("company_id").notNull(),
    actorId: uuid("actor_id").notNull(),
    /** Who it was then: names and addresses are copied in, as the audit log does. */
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email").notNull(),
    recordType: text("record_type", { enum: accessRecordTypes }).notNull(),
    recordId: uuid("record_id").notNull(),
    recordLabel: text("record_label"),
    access: text("access", { enum: accessKinds }).notNull(),
    reason: text("reason"),
    /** Set by the chain trigger: the previous entry's hash, and the SHA-256 of this entry (hex). */
    prevHash: text("prev_hash").notNull().default(""),
    hash: text("hash").notNull().default(""),
  },
  (t) => [
    check("access_events_record_type_known", sql`${t.recordType} in (${inList(accessRecordTypes)})`),
    check("access_events_access_known", sql`${t.access} in (${inList(accessKinds)})`),
    maxLength("access_events_actor_name_length", t.actorName, AUDIT_TEXT_MAX),
    maxLength("access_events_actor_email_length", t.actorEmail, AUDIT_TEXT_MAX),
    maxLength("access_events_record_label_length", t.recordLabel, ACCESS_LABEL_MAX),
    maxLength("access_events_reason_length", t.reason, ACCESS_REASON_MAX),
    // One read per person, record and hour; the trigger skips a second before it takes the chain.
    // A read with a reason is kept apart: the reason is what the company is to see.
    uniqueIndex("access_events_read_once_an_hour").on(t.actorId, t.recordType, t.recordId, t.hour).where(sql`${t.access} = 'read' and ${t.reason} is null`),
    // "Has this person given a reason for this record today?" (REQUIRE_ACCESS_REASON).
    index("access_events_actor_record_at_idx").on(t.actorId, t.recordId, t.at),
    uniqueIndex("access_events_company_seq_idx").on(t.companyId, t.seq),
    // The page and its keyset cursor (ADR 005: NULLS FIRST is what `order by … desc` means).
    index("access_events_company_at_idx").on(t.companyId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("access_events_company_actor_at_idx").on(t.companyId, t.actorId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("access_events_company_record_at_idx").on(t.companyId, t.recordId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * The end of each hash chain (ADR 050): `audit` for the audit log, `access:<company id>` for each
 * company's access log. An append locks its chain's row, so appends to one chain are serialized
 * across processes and the chain has no fork; `base_*` is where the oldest kept entry links to
 * (the genesis, or the last entry the audit retention removed).
 */
export const hashChainHeads = pgTable("hash_chain_heads", {
  chain: text("chain").primaryKey(),
  seq: bigint("seq", { mode: "bigint" }).notNull(),
  hash: text("hash").notNull(),
  baseSeq: bigint("base_seq", { mode: "bigint" }).notNull().default(sql`0`),
  baseHash: text("base_hash").notNull(),
});
