import { sql } from "drizzle-orm";
import type { WebhookEventType } from "@/shared/rules/webhooks";
import { listOf, type ChangeListener, type HistoryChange, type HistoryEntry } from "@/server/changes/change";
import type { Database } from "@/server/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/server/db/schema";

/** Any connection or transaction: callers pass the transaction of the change the event announces. */
export type WebhookWriter = Pick<Database, "execute">;

export interface WebhookActor {
  userId: string | null;
  name: string | null;
}

/**
 * Records one event for every enabled endpoint subscribed to its type whose company filter lets
 * it through, in one `INSERT … SELECT` in the caller's transaction (ADR 031): the deliveries exist
 * exactly when the change does, and a process that dies right after the commit leaves them for
 * the sender. With no endpoint subscribed the statement inserts nothing (one short read of a
 * small table). The endpoint's filter is applied here, so an event of company A is never written
 * for an endpoint limited to company B.
 */
export async function recordWebhookEvent(
  tx: WebhookWriter,
  type: WebhookEventType,
  event: { companyId: string; actor: WebhookActor | null; data: Record<string, unknown> },
): Promise<void> {
  const body = JSON.stringify({
    type,
    timestamp: new Date().toISOString(),
    data: { companyId: event.companyId, actor: event.actor ? { id: event.actor.userId, name: event.actor.name } : null, ...event.data },
  });
  await tx.execute(sql`
    insert into ${webhookDeliveries} (endpoint_id, event_type, company_id, body)
    select ${webhookEndpoints.id}, ${type}, ${event.companyId}, ${body}
    from ${webhookEndpoints}
    where ${webhookEndpoints.enabled} and ${type} = any(${webhookEndpoints.eventTypes})
      and (${webhookEndpoints.companyId} is null or ${webhookEndpoints.companyId} = ${event.companyId})`);
}

const idField = { ticket: "ticketId", project: "projectId", invoice: "invoiceId" } as const;

const changesOf = (entries: readonly HistoryEntry[]) =>
  entries
    .filter((entry) => entry.kind === "changed" && entry.field)
    .map((entry) => ("from" in entry || "to" in entry ? { field: entry.field!, from: entry.from ?? null, to: entry.to ?? null } : { field: entry.field! }));

/**
 * The webhook events of what was just recorded in a record's history (ADR 028). Entries hidden
 * from customers (a draft invoice's) send nothing, as they notify nobody: the provider's work in
 * progress is not an event yet. A file attached is no event of the list. A quote's events are its
 * own (`Change.quote`: sent, accepted, declined), not its history's.
 */
export async function webhookEventsOfActivity(tx: WebhookWriter, history: HistoryChange): Promise<void> {
  const { actor, subject, entries, adminOnly = false, commentId } = history;
  if (adminOnly || entries.length === 0 || subject.type === "quote") return;
  const kinds = new Set(entries.map((entry) => entry.kind));
  const base = { companyId: subject.companyId, actor: { userId: actor.userId, name: actor.name }, data: { [idField[subject.type]]: subject.id } };
  const withData = (more: Record<string, unknown>) => ({ ...base, data: { ...base.data, ...more } });

  if (kinds.has("commented") && subject.type !== "invoice") {
    await recordWebhookEvent(tx, `${subject.type}.comment.created`, withData({ commentId: commentId ?? null }));
  }
  if (kinds.has("created") && subject.type !== "project") await recordWebhookEvent(tx, `${subject.type}.created`, base);
  // A draft issued now is, for everyone outside, a new invoice.
  if (kinds.has("issued") && subject.type === "invoice") await recordWebhookEvent(tx, "invoice.created", base);
  const changes = changesOf(entries);
  if (changes.length > 0) await recordWebhookEvent(tx, `${subject.type}.updated`, withData({ changes }));
  // Paid in full, by hand or by its payments (ADR 043).
  if (subject.type === "invoice" && changes.some((change) => change.field === "status" && change.to === "paid")) await recordWebhookEvent(tx, "invoice.paid", base);
}

/**
 * The webhooks' listener (ADR 031, 040): the events of a change, recorded for the endpoints
 * subscribed to them in the change's transaction. A record's history, a chat message, a member
 * who joined, a new company, a payment recorded and a quote sent or answered are events; the rest is not.
 */
export const webhookListener: ChangeListener = async (tx, change) => {
  for (const history of listOf(change.history)) await webhookEventsOfActivity(tx, history);
  const { message, memberJoined, companyCreated } = change;
  if (message) await recordWebhookEvent(tx, "message.created", { companyId: message.companyId, actor: message.actor, data: { messageId: message.id } });
  if (memberJoined) {
    const actor = { userId: memberJoined.userId, name: memberJoined.name };
    await recordWebhookEvent(tx, "member.joined", { companyId: memberJoined.companyId, actor, data: { userId: memberJoined.userId } });
  }
  if (companyCreated) await recordWebhookEvent(tx, "company.created", { companyId: companyCreated.companyId, actor: companyCreated.actor, data: {} });
  if (change.quote) {
    const { type, companyId, actor, quoteId, quoteNumber, invoiceId } = change.quote;
    await recordWebhookEvent(tx, type, { companyId, actor, data: { quoteId, quoteNumber, ...(invoiceId === undefined ? {} : { invoiceId }) } });
  }
  const { paymentRecorded: paid } = change;
  if (paid) {
    // Whoever the invoice's history names for it: the admin who recorded it, or the online payer.
    const by = listOf(change.history).find((history) => history.subject.id === paid.invoiceId)?.actor;
    await recordWebhookEvent(tx, "payment.recorded", {
      companyId: paid.companyId,
      actor: by ? { userId: by.userId, name: by.name } : null,
      data: { invoiceId: paid.invoiceId, paymentId: paid.paymentId, amount: paid.amount, amountDue: paid.amountDue, currency: paid.currency, method: paid.method, paidAt: paid.paidOn },
    });
  }
};
