import { z } from "zod";
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, auditKinds } from "../rules/audit";
import { instantSchema } from "./records";
import { cursorPageOf, keysetCursorSchema } from "./pagination";
import { storable } from "./text";

const optionalText = (max: number) =>
  storable(z.string().trim().max(max))
    .transform((value) => value || undefined)
    .optional();

/** A calendar day, YYYY-MM-DD, read on the installation's TIME_ZONE calendar. */
const daySchema = z.iso.date({ error: "Use a date written YYYY-MM-DD" }).optional();

const filterShape = {
  /** Part of the actor's email, any case. */
  actor: optionalText(254),
  companyId: z.uuid({ error: "Choose an existing company" }).optional(),
  kind: z.enum(auditKinds, { error: "Choose one of the listed kinds" }).optional(),
  /** First day included. */
  from: daySchema,
  /** Last day included. */
  to: daySchema,
};

const rangeInOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const rangeMessage = { path: ["to"], message: "The end date comes before the start date" };

/** The filters of the admin's audit page and of its CSV export. */
export const auditFilterSchema = z.object(filterShape).refine(rangeInOrder, rangeMessage);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListQuerySchema = z
  .object({
    ...filterShape,
    cursor: keysetCursorSchema,
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
  })
  .refine(rangeInOrder, rangeMessage);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** One security-relevant event (ADR 027). `details` never holds a password, token, code or session id. */
export const auditEventSchema = z.object({
  /** Increasing; a string, since the column is a bigint. */
  id: z.string(),
  at: instantSchema,
  kind: z.enum(auditKinds),
  actorId: z.uuid().nullable(),
  /** The actor's address when it happened (or the address typed at a failed sign-in). */
  actorEmail: z.string().nullable(),
  companyId: z.uuid().nullable(),
  companyName: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = cursorPageOf(auditEventSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
