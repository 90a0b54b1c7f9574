import { ACTIVITY_VALUE_MAX } from "@/shared/rules/activity";
import { listOf, type ChangeListener, type ChangeWriter, type HistoryChange } from "@/server/changes/change";
import { activityEvents } from "@/server/db/schema";

const subjectColumn = { project: "projectId", ticket: "ticketId", invoice: "invoiceId", quote: "quoteId" } as const;

const clip = (value: string | null | undefined) => (value == null ? null : value.slice(0, ACTIVITY_VALUE_MAX));

/**
 * Writes what happened to a record, by whom, in the caller's transaction: the entry exists
 * exactly when the change does (ADR 028). `adminOnly` hides the entries from customers (a draft
 * invoice's or quote's). Nothing to record is a no-op. Who is notified of it, and which webhooks hear of it,
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
