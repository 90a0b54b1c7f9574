import { sql } from "drizzle-orm";
import { ACCESS_LABEL_MAX, ACCESS_REASON_MAX, type AccessKind, type AccessRecordType } from "@/shared/rules/access-log";
import { AUDIT_TEXT_MAX } from "@/shared/rules/audit";
import type { Database } from "@/server/db/client";

/** A record of a company, as the access log names it. A conversation's id is its company's (one per company). */
export interface AccessRef {
  type: AccessRecordType;
  id: string;
  companyId: string;
  /** What it was called then: "#142 Login fails", "INV-0007", a file's name. */
  label?: string | null;
}

/** Who accessed, as much as an entry copies in. */
export interface AccessActor {
  userId: string;
  name: string;
  email: string | null;
}

const cap = (value: string | null | undefined, max: number) => (value ? value.replaceAll("\u0000", "").slice(0, max) : null);

/** The caller's label, or the record's own name read in the statement (a change's listener knows only the id). */
function labelOf(ref: AccessRef) {
  if (ref.label !== undefined && ref.label !== null) return sql`${cap(ref.label, ACCESS_LABEL_MAX)}`;
  const named = {
    ticket: sql`(select '#' || number || ' ' || title from tickets where id = ${ref.id}::uuid)`,
    project: sql`(select name from projects where id = ${ref.id}::uuid)`,
    invoice: sql`(select invoice_number from invoices where id = ${ref.id}::uuid)`,
    file: sql`(select name from files where id = ${ref.id}::uuid)`,
    conversation: sql`null::text`,
  }[ref.type];
  return sql`left(${named}, ${ACCESS_LABEL_MAX})`;
}

/**
 * Appends one entry per record to `db` (a transaction or the database) in one statement. The
 * chain trigger (drizzle/0043) links each into its company's chain and skips a read already kept
 * for that person, record and hour; the email is read from the account when the caller has none
 * (a change's actor carries a name only).
 */
export async function appendAccess(db: Database, { actor, access, refs, reason = null, at }: { actor: AccessActor; access: AccessKind; refs: readonly AccessRef[]; reason?: string | null; at?: Date }): Promise<void> {
  if (refs.length === 0) return;
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const email = actor.email === null ? sql`coalesce((select email from profiles where id = ${actor.userId}), '')` : sql`${cap(actor.email, AUDIT_TEXT_MAX) ?? ""}`;
  // In company order: each row takes its company's chain until the commit, and two statements that
  // take the same chains in one order cannot wait on each other.
  const ordered = [...refs].sort((a, b) => (a.companyId < b.companyId ? -1 : a.companyId > b.companyId ? 1 : 0));
  const rows = ordered.map(
    (ref) =>
      sql`(${when}, ${ref.companyId}::uuid, ${actor.userId}::uuid, ${cap(actor.name, AUDIT_TEXT_MAX) ?? ""}, ${email}, ${ref.type}, ${ref.id}::uuid, ${labelOf(ref)}, ${access}, ${cap(reason, ACCESS_REASON_MAX)})`,
  );
  await db.execute(sql`
    insert into access_events (at, company_id, actor_id, actor_name, actor_email, record_type, record_id, record_label, access, reason)
    values ${sql.join(rows, sql`, `)}
    on conflict do nothing`);
}
