import { and, eq } from "drizzle-orm";
import { can } from "@/shared/policies";
import { quoteMessages, shownQuoteStatus } from "@/shared/rules/quote";
import { depositOf } from "@/shared/rules/quote-deposit";
import type { InvoiceLineInput } from "@/shared/schemas/invoice";
import type { AcceptQuoteInput, DeclineQuoteInput, QuoteDetail } from "@/shared/schemas/quote";
import { adminActorOf } from "@/server/actor-row";
import { auditBy } from "@/server/changes/audit-entry";
import type { Database } from "@/server/db/client";
import { quotes } from "@/server/db/schema";
import { conflict, forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { nextInvoiceNumber, withNextNumber } from "../invoices/invoice-number";
import { todayIn } from "../invoices/overdue";
import { createInvoice } from "../invoices/invoice-writes";
import { quoteScope } from "../scopes";
import { renderAcceptedDocument } from "./quote-document";
import { quoteEvent, quoteHistory, quoteWebhook } from "./quote-events";
import { quoteNotFound } from "./quote-select";
import { findQuote, quoteRead } from "./quotes.service";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type StoredQuote = typeof quotes.$inferSelect;
type AfterCommit = (committed: ServiceContext) => Promise<unknown>;

const refuse = (message: string) => conflict(message, [{ field: "status", message }]);

/**
 * Who may answer: a customer, an owner of the quote's company (`update` of the quote in
 * shared/policies.ts). An admin reads every quote but signs none: the signature is the client's.
 */
function checkAnswerer(ctx: ServiceContext, companyId: string) {
  if (ctx.actor.role !== "customer") throw forbidden(quoteMessages.customersOnly);
  if (!can(ctx.actor, "update", { type: "quote", companyId })) throw forbidden(quoteMessages.ownersOnly);
}

/** The quote, locked, if it is the caller's to answer now: 404 outside their scope, 409 unless sent and still valid. */
async function lockedOpenQuote(ctx: ServiceContext, tx: Tx, id: string, today: string): Promise<StoredQuote> {
  const [row] = await tx.select().from(quotes).where(and(eq(quotes.id, id), quoteScope(ctx.actor).where)).for("update");
  if (!row) throw quoteNotFound();
  checkAnswerer(ctx, row.companyId);
  if (row.status !== "sent") throw refuse(quoteMessages.alreadyAnswered);
  if (shownQuoteStatus(row, today) === "expired") throw refuse(quoteMessages.expired);
  return row;
}

/** What accepting the quote invoices: its deposit as one line, or its lines; nothing with `none`. */
function invoiceLinesOf(quote: StoredQuote): InvoiceLineInput[] | null {
  if (quote.invoicing === "full") return quote.lines;
  const deposit = depositOf(quote);
  if (deposit === null) return null;
  const share = quote.depositPercent ? ` (${Number(quote.depositPercent)}%)` : "";
  return [{ description: `Deposit${share} for quote ${quote.quoteNumber}: ${quote.title}`.slice(0, 500), quantity: "1", unitPrice: deposit, taxRate: null }];
}

/**
 * The customer accepts and signs (ADR 049): who, when, from which address and user agent, the
 * signature, and the SHA-256 of the document sent, all stored with the quote in one transaction,
 * with the invoice the quote asks for (a deposit or the whole, issued or a draft as the admin chose),
 * made on behalf of the admin who drew the quote up. The row is locked first: of two acceptances at
 * once, one wins and the other finds it answered (409), so there is one acceptance and one invoice.
 */
export async function acceptQuote(ctx: ServiceContext, { id, acceptance }: { id: string; acceptance: AcceptQuoteInput }): Promise<QuoteDetail> {
  const { today } = quoteRead(ctx);
  const deferred: AfterCommit[] = [];
  let issuerContext: ServiceContext | undefined;
  await ctx.db.transaction(async (tx) => {
    const quote = await lockedOpenQuote(ctx, tx, id, today);
    const lines = invoiceLinesOf(quote);
    let invoiceId: string | null = null;
    if (lines) {
      const issuer = await adminActorOf(tx, quote.createdBy);
      // Nobody may bill it now: the quote stays open for the team to send again, rather than accepted without its invoice.
      if (!issuer) throw refuse(quoteMessages.noIssuer);
      issuerContext = { ...ctx, actor: issuer };
      // An issued invoice's PDF waits for the commit: this transaction's, or an idempotent answer's
      // (http/idempotency.ts) around it; either way it is rendered on the issuer's behalf.
      const afterCommit = ctx.deferUntilCommit ?? ((task: AfterCommit) => deferred.push(task));
      const onBehalf: ServiceContext = { ...issuerContext, db: tx, deferUntilCommit: (task) => afterCommit((committed) => task({ ...committed, actor: issuer })) };
      const invoice = await withNextNumber(async () =>
        createInvoice(onBehalf, { companyId: quote.companyId, invoiceNumber: await nextInvoiceNumber(tx), issueDate: today, dueDate: null, status: quote.invoiceStatus, lines, allowPartialPayment: false }),
      );
      invoiceId = invoice.id;
    }
    const answeredAt = ctx.clock.now();
    const acceptedDocument = await renderAcceptedDocument(
      { ...ctx, db: tx },
      {
        quote: await findQuote({ ...ctx, db: tx }, id),
        sentOn: todayIn(ctx.billing.timeZone, quote.sentAt!),
        acceptance: { signerName: acceptance.signerName, signature: acceptance.signature, acceptedAt: answeredAt, documentSha256: quote.documentSha256! },
      },
    );
    await tx
      .update(quotes)
      .set({
        status: "accepted",
        answeredAt,
        answeredBy: ctx.actor.userId,
        signerName: acceptance.signerName,
        signature: acceptance.signature,
        signerIp: ctx.client?.ip ?? null,
        signerUserAgent: ctx.client?.userAgent?.slice(0, 1000) ?? null,
        acceptedDocument,
        invoiceId,
        updatedAt: new Date(),
      })
      .where(eq(quotes.id, id));
    await ctx.record(tx, {
      ...quoteHistory(ctx.actor, quote, [{ kind: "accepted" }], { draft: false }),
      ...quoteWebhook({ type: "quote.accepted", quote, by: ctx.actor, invoiceId }),
      audit: answerAudit(ctx, "quote.accepted", quote, { signerName: acceptance.signerName, documentSha256: quote.documentSha256 }),
      announce: quoteEvent(quote),
    });
  });
  // An issued invoice's PDF follows the commit, as for an idempotent create.
  if (issuerContext) for (const task of deferred) await task(issuerContext);
  return findQuote(ctx, id);
}

/** The customer declines, with a reason or none; the quote never changes again. */
export async function declineQuote(ctx: ServiceContext, { id, decline }: { id: string; decline: DeclineQuoteInput }): Promise<QuoteDetail> {
  const { today } = quoteRead(ctx);
  await ctx.db.transaction(async (tx) => {
    const quote = await lockedOpenQuote(ctx, tx, id, today);
    await tx
      .update(quotes)
      .set({ status: "declined", answeredAt: ctx.clock.now(), answeredBy: ctx.actor.userId, declineReason: decline.reason ?? null, updatedAt: new Date() })
      .where(eq(quotes.id, id));
    await ctx.record(tx, {
      ...quoteHistory(ctx.actor, quote, [{ kind: "declined" }], { draft: false }),
      ...quoteWebhook({ type: "quote.declined", quote, by: ctx.actor }),
      audit: answerAudit(ctx, "quote.declined", quote, {}),
      announce: quoteEvent(quote),
    });
  });
  return findQuote(ctx, id);
}

/** The audit entry of an answer: the client's own act on a commercial record, with where it came from. */
const answerAudit = (ctx: ServiceContext, kind: "quote.accepted" | "quote.declined", quote: StoredQuote, details: Record<string, string | null>) =>
  auditBy(ctx, { kind, companyId: quote.companyId, target: { type: "quote", id: quote.id, label: quote.quoteNumber }, details });
