import type { Change, ChangeActor, HistoryEntry, QuoteEvent } from "@/server/changes/change";
import type { PorticoEvent } from "@/server/realtime/event-bus";

/** The realtime event of a quote's write: a draft's is heard by admins only (ADR 026, 049). */
export const quoteEvent = (quote: { id: string; companyId: string; status: string }): PorticoEvent => ({
  kind: "quote",
  companyId: quote.companyId,
  id: quote.id,
  ...(quote.status === "draft" ? { adminsOnly: true as const } : {}),
});

/**
 * A quote's history (ADR 028, 049): a draft's entries (created, edited) are the team's alone, as a
 * draft invoice's are; sent, accepted and declined are its company's to read.
 */
export function quoteHistory(actor: ChangeActor, quote: { id: string; companyId: string }, entries: readonly HistoryEntry[], { draft }: { draft: boolean }): Pick<Change, "history"> {
  return { history: { actor, subject: { type: "quote", id: quote.id, companyId: quote.companyId }, entries, adminOnly: draft } };
}

/** The webhook event of a quote sent or answered, by `by`; an acceptance names the invoice it made (or null). */
export function quoteWebhook(event: { type: QuoteEvent["type"]; quote: { id: string; companyId: string; quoteNumber: string }; by: QuoteEvent["actor"]; invoiceId?: string | null }): Pick<Change, "quote"> {
  const { type, quote, by, invoiceId } = event;
  return { quote: { type, companyId: quote.companyId, quoteId: quote.id, quoteNumber: quote.quoteNumber, actor: { userId: by.userId, name: by.name }, ...(invoiceId === undefined ? {} : { invoiceId }) } };
}
