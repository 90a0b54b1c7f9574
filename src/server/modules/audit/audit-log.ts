import { AUDIT_TEXT_MAX, AUDIT_USER_AGENT_MAX, type AuditKind } from "@/shared/rules/audit";
import type { Database } from "@/server/db/client";
import { auditEvents } from "@/server/db/schema";
import type { ServiceContext } from "../context";

/** One audit entry as a caller describes it; `at` and `id` are the database's. */
export interface AuditEntry {
  kind: AuditKind;
  actorId?: string | null;
  actorEmail?: string | null;
  companyId?: string | null;
  target?: { type: string; id?: string | null; label?: string | null };
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, string | number | boolean | null>;
}

/** Who acted and from where: the part of an entry every request already knows. */
export type AuditSource = Pick<AuditEntry, "actorId" | "actorEmail" | "ip" | "userAgent">;

/**
 * Names a detail may never have. Callers pass only what they mean to log; this is the net under a
 * future caller who spreads a request body into `details` (ADR 027: no password, token, code or session id).
 */
const SECRET_KEY = /pass|token|secret|code|session|cookie|otp/i;

/**
 * Typed text as PostgreSQL can store it: without NUL (which text and jsonb refuse, so an email of
 * NULs typed at sign-in would fail the sign-in's answer) and at most `max` characters.
 */
const storable = (value: string, max: number) => value.replaceAll("\u0000", "").slice(0, max);
const cap = (value: string | null | undefined, max: number) => (value ? storable(value, max) : null);

/**
 * Appends one entry. Pass the caller's transaction as `db` when the entry belongs to a write, so
 * the entry exists exactly when the write does.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  const details = Object.fromEntries(
    Object.entries(entry.details ?? {})
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, value]) => [storable(key, 60), typeof value === "string" ? storable(value, AUDIT_TEXT_MAX) : value]),
  );
  await db.insert(auditEvents).values({
    kind: entry.kind,
    actorId: entry.actorId ?? null,
    actorEmail: cap(entry.actorEmail?.toLowerCase(), AUDIT_TEXT_MAX),
    companyId: entry.companyId ?? null,
    targetType: cap(entry.target?.type, 40),
    targetId: cap(entry.target?.id, AUDIT_TEXT_MAX),
    targetLabel: cap(entry.target?.label, AUDIT_TEXT_MAX),
    ip: cap(entry.ip, 64),
    userAgent: cap(entry.userAgent, AUDIT_USER_AGENT_MAX),
    details,
  });
}

/** The request's actor, client address and User-Agent, for an entry written by a service. */
export function auditSourceOf(ctx: Pick<ServiceContext, "actor" | "client">): AuditSource {
  return { actorId: ctx.actor.userId, actorEmail: ctx.actor.email, ip: ctx.client?.ip ?? null, userAgent: ctx.client?.userAgent ?? null };
}

/**
 * An entry by the request's actor, from its client: one line in a service, e.g.
 * `await recordAuditBy(ctx, { kind: "invoice.pdf_downloaded", companyId, target: { type: "invoice", id, label: number } })`.
 * `db` defaults to the request's; pass the transaction when there is one.
 */
export async function recordAuditBy(ctx: Pick<ServiceContext, "db" | "actor" | "client">, entry: Omit<AuditEntry, keyof AuditSource>, db: Database = ctx.db): Promise<void> {
  await recordAudit(db, { ...auditSourceOf(ctx), ...entry });
}
