import { AUDIT_TEXT_MAX, AUDIT_USER_AGENT_MAX } from "@/shared/rules/audit";
import { listOf, type AuditEntry, type ChangeListener } from "@/server/changes/change";
import type { Database } from "@/server/db/client";
import { auditEvents } from "@/server/db/schema";

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

/** The audit log's listener (ADR 027, 040): a change's audit entries, appended in its transaction. */
export const auditListener: ChangeListener = async (tx, change) => {
  for (const entry of listOf(change.audit)) await recordAudit(tx, entry);
};
