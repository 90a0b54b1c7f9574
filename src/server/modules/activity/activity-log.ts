import Big from "big.js";
import { ACTIVITY_VALUE_MAX, activityFields, type ActivityKind, type ActivitySubject } from "@/shared/rules/activity";
import type { Database } from "@/server/db/client";
import { activityEvents } from "@/server/db/schema";
import { notifyOfActivity, type NoticeActor } from "../notifications/activity-notices";
import { webhookEventsOfActivity } from "../webhooks/webhook-events";

/** The record an entry is about, and the company whose members may read it. */
export interface ActivitySubjectRef {
  type: ActivitySubject;
  id: string;
  companyId: string;
}

export interface ActivityEntry {
  kind: ActivityKind;
  field?: string;
  from?: string | null;
  to?: string | null;
}

/** Any connection or transaction: callers pass the transaction of the change they record. */
type Writer = Pick<Database, "insert" | "execute">;

const subjectColumn = { project: "projectId", ticket: "ticketId", invoice: "invoiceId" } as const;

const clip = (value: string | null | undefined) => (value == null ? null : value.slice(0, ACTIVITY_VALUE_MAX));

/**
 * Writes what happened to a record, by whom, in the caller's transaction: the entry exists
 * exactly when the change does (ADR 028), and so do the notifications (ADR 029) and the webhook
 * deliveries (ADR 031) it causes. `adminOnly` hides the entries from customers (a draft
 * invoice's); `excerpt` is a comment's text, for whoever is notified of it, and `commentId` its
 * id, for the webhook. Nothing to record is a no-op.
 */
export async function recordActivity(
  tx: Writer,
  actor: NoticeActor,
  subject: ActivitySubjectRef,
  entries: readonly ActivityEntry[],
  options: { adminOnly?: boolean; excerpt?: string; commentId?: string } = {},
): Promise<void> {
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
      adminOnly: options.adminOnly ?? false,
    })),
  );
  await notifyOfActivity(tx, actor, subject, entries, options);
  await webhookEventsOfActivity(tx, { userId: actor.userId, name: actor.name }, subject, entries, options);
}

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
