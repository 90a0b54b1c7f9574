import Big from "big.js";
import { ACTIVITY_VALUE_MAX, activityFields, type ActivitySubject } from "@/shared/rules/activity";
import { listOf, type ChangeListener, type ChangeWriter, type HistoryChange, type HistoryEntry, type RecordRef } from "@/server/changes/change";
import { activityEvents } from "@/server/db/schema";

/** The record an entry is about (changes/change.ts's RecordRef, under the history's name). */
export type ActivitySubjectRef = RecordRef;
export type ActivityEntry = HistoryEntry;

const subjectColumn = { project: "projectId", ticket: "ticketId", invoice: "invoiceId" } as const;

const clip = (value: string | null | undefined) => (value == null ? null : value.slice(0, ACTIVITY_VALUE_MAX));

/**
 * Writes what happened to a record, by whom, in the caller's transaction: the entry exists
 * exactly when the change does (ADR 028). `adminOnly` hides the entries from customers (a draft
 * invoice's). Nothing to record is a no-op. Who is notified of it, and which webhooks hear of it,
 * is their listeners' business (ADR 040), not this module's.
 */
export async function recordActivity(tx: ChangeWriter, { actor, subject, entries, adminOnly = false }: HistoryChange): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(activityEvents).values(
    entries.map((entry) => ({
      companyId: subject.companyId,
      [subjectColumn[subject.type]]: subject.id,
      kind: entry.kind,
      actorId: actor.userId,
      actorName: actor.name,
      field: entry.field ?? null,
      fromValue: clip(entry.from),
      toValue: clip(entry.to),
      adminOnly,
    })),
  );
}

/** The history's listener (ADR 040): every history part of a change becomes its entries. */
export const activityListener: ChangeListener = async (tx, change) => {
  for (const history of listOf(change.history)) await recordActivity(tx, history);
};

type Stored = string | number | Date | null | undefined;

/** A column's value as the history keeps it: dates as YYYY-MM-DD or ISO text, numbers as text. */
function asText(value: Stored): string | null {
  if (value === null || value === undefined || value === "") return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Money compared as money, exactly: "120" and "120.00" are the same amount. */
const sameValue = (field: string, before: string | null, after: string | null) =>
  field === "amount" && before !== null && after !== null ? new Big(before).eq(after) : before === after;

/**
 * One `changed` entry per recorded field (shared/rules/activity.ts) whose new value differs from
 * the stored one. Fields the change leaves out (`undefined`) did not change; a field recorded
 * without its text (`values: false`) keeps neither before nor after.
 */
export function fieldChanges(subject: ActivitySubject, before: Record<string, Stored>, after: Record<string, Stored>): ActivityEntry[] {
  const entries: ActivityEntry[] = [];
  for (const [field, rule] of Object.entries(activityFields[subject])) {
    if (after[field] === undefined) continue;
    const from = asText(before[field]);
    const to = asText(after[field]);
    if (sameValue(field, from, to)) continue;
    entries.push(rule.values ? { kind: "changed", field, from, to } : { kind: "changed", field });
  }
  return entries;
}
