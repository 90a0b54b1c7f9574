import { z } from "zod";
import { ACCESS_LOG_PAGE_DEFAULT, ACCESS_LOG_PAGE_MAX, accessKinds, accessRecordTypes } from "../rules/access-log";
import { instantSchema } from "./records";
import { cursorPageOf, keysetCursorSchema } from "./pagination";

const filterShape = {
  /** The company whose log is read: an admin's choice; a customer's own company whatever they pass. */
  companyId: z.uuid({ error: "Choose an existing company" }).optional(),
  /** One staff member's entries (their user id). */
  actorId: z.uuid({ error: "Choose a person of the list" }).optional(),
  /** One record's entries: its type, and optionally its id. */
  recordType: z.enum(accessRecordTypes, { error: "Choose one of the listed record types" }).optional(),
  recordId: z.uuid({ error: "Not a valid id" }).optional(),
};

/** The filters of the access log page and of its exports. */
export const accessLogFilterSchema = z.object(filterShape);
export type AccessLogFilter = z.infer<typeof accessLogFilterSchema>;

export const accessLogListQuerySchema = z.object({
  ...filterShape,
  cursor: keysetCursorSchema,
  limit: z.coerce.number().int().min(1).max(ACCESS_LOG_PAGE_MAX).default(ACCESS_LOG_PAGE_DEFAULT),
});
export type AccessLogListQuery = z.infer<typeof accessLogListQuerySchema>;

/**
 * One entry of a company's access log (ADR 050): a staff member read or changed one of its
 * records. Reads are kept once per person, record and hour; `seq`, `prevHash` and `hash` are the
 * entry's place in the company's hash chain.
 */
export const accessEventSchema = z.object({
  /** A string, since the column is a bigint. */
  id: z.string(),
  seq: z.string(),
  at: instantSchema,
  actorId: z.uuid(),
  actorName: z.string(),
  actorEmail: z.string(),
  recordType: z.enum(accessRecordTypes),
  recordId: z.uuid(),
  recordLabel: z.string().nullable(),
  access: z.enum(accessKinds),
  /** Why the staff member opened the record, when the installation asks (REQUIRE_ACCESS_REASON). */
  reason: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AccessEvent = z.infer<typeof accessEventSchema>;

export const accessLogPageSchema = cursorPageOf(accessEventSchema);
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;

/** A staff member who appears in the company's log, for the page's person filter. */
export const accessLogPeopleSchema = z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() }));
export type AccessLogPeople = z.infer<typeof accessLogPeopleSchema>;

/** The key the signed export is signed with (Ed25519), to verify it offline. */
export const accessLogPublicKeySchema = z.object({
  algorithm: z.literal("Ed25519"),
  /** SubjectPublicKeyInfo, PEM. */
  publicKeyPem: z.string(),
  /** SHA-256 of the key's DER, hex: what to compare when reading the key out over the phone. */
  fingerprint: z.string(),
});
export type AccessLogPublicKey = z.infer<typeof accessLogPublicKeySchema>;

/** What walking a hash chain found: intact, or the first entry whose hash or link does not hold. */
export const chainVerdictSchema = z.object({
  intact: z.boolean(),
  /** How many entries were checked. */
  checked: z.number().int(),
  /** The first entry that does not hold, or null when the chain is intact. */
  firstBroken: z
    .object({
      id: z.string().nullable(),
      seq: z.string(),
      /** `hash`: its content does not give its hash; `link`: it does not link to the entry before it; `head`: entries after it are missing. */
      problem: z.enum(["hash", "link", "head"]),
    })
    .nullable(),
});
export type ChainVerdict = z.infer<typeof chainVerdictSchema>;
