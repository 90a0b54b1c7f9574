import Big from "big.js";
import { and, eq } from "drizzle-orm";
import type { SystemActor } from "@/server/actor";
import { actorOfAccount } from "@/server/actor-row";
import { paymentCheckouts, paymentEvents } from "@/server/db/schema";
import { badRequest, notFound } from "@/server/http/problem";
import type { ActingContext } from "../context";
import { todayIn } from "../invoices/overdue";
import { paymentAlert, recordProviderPayment, refundPayment } from "./ledger";
import { WebhookSignatureError, type PaymentSucceeded, type ProviderEvent } from "./provider";

/*
 * What a provider's signed webhook records (ADR 043). Each delivery is handled in one transaction
 * whose first write claims the event's id: a replayed or duplicated event finds it taken and
 * records nothing, and two deliveries of one event at once wait on the key, the second finding it
 * taken. A completed checkout is a payment only when Portico opened it, for that invoice, amount
 * and currency; anything else is a `payment.alert` in the audit log, answered like a success so
 * that the provider does not retry it forever. The ledger (ledger.ts) writes the money.
 */

/**
 * Handles one delivery of `provider`'s webhook, in a context whose actor is the provider: nobody
 * of the portal (a SystemActor, actor.ts), which the history names and the audit log does not.
 * 404 unless online payment runs on that provider; 400 for a body whose signature does not
 * verify, with nothing recorded.
 */
export async function receivePaymentWebhook(ctx: ActingContext<SystemActor>, { provider, rawBody, headers }: { provider: string; rawBody: string; headers: Headers }): Promise<void> {
  const online = ctx.payments;
  if (!online || online.name !== provider) throw notFound("Online payment with this provider is off");
  let event: ProviderEvent;
  try {
    event = await online.readWebhook(rawBody, headers);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    ctx.log.warn({ event: "payments.webhook_refused", provider, err: error }, "payments: a webhook whose signature does not verify was refused");
    throw badRequest("The webhook's signature does not verify: nothing was recorded");
  }
  await ctx.db.transaction(async (tx) => {
    const within = { ...ctx, db: tx };
    const type = event.type === "other" ? event.providerType : event.type;
    // The claim: a second delivery of this event waits here for the first's commit, then finds it taken.
    const claim = await tx.insert(paymentEvents).values({ provider, eventId: event.eventId, type }).onConflictDoNothing().returning({ eventId: paymentEvents.eventId });
    if (claim.length === 0) return;
    if (event.type === "payment.succeeded") await paymentSucceeded(within, provider, event);
    if (event.type === "payment.refunded") await refundPayment(within, { provider, reference: event.reference, refundedTotal: event.refundedTotal });
  });
}

/** Why a completed checkout is not the one Portico opened, or undefined when it is. */
function mismatchOf(event: PaymentSucceeded, checkout: typeof paymentCheckouts.$inferSelect | undefined): string | undefined {
  if (!checkout) return "a checkout Portico did not open";
  if (event.invoiceId !== checkout.invoiceId) return "the checkout names another invoice";
  // Exact decimals, not text: the provider may write "40.000" for the checkout's "40.00".
  if (!new Big(event.amount).eq(checkout.amount)) return "the amount paid is not the checkout's";
  if (event.currency.toUpperCase() !== checkout.currency.toUpperCase()) return "the currency paid is not the checkout's";
  return undefined;
}

async function paymentSucceeded(ctx: ActingContext<SystemActor>, provider: string, event: PaymentSucceeded) {
  const [checkout] = await ctx.db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.provider, provider), eq(paymentCheckouts.checkoutId, event.checkoutId)));
  const mismatch = mismatchOf(event, checkout);
  if (mismatch || !checkout) {
    await paymentAlert(ctx, {
      reason: mismatch ?? "a checkout Portico did not open",
      invoiceId: checkout?.invoiceId ?? null,
      companyId: checkout?.companyId ?? null,
      details: {
        provider,
        eventId: event.eventId,
        checkoutId: event.checkoutId,
        reference: event.reference,
        invoiceIdSent: event.invoiceId,
        amount: event.amount,
        currency: event.currency,
        checkoutAmount: checkout?.amount ?? null,
        checkoutCurrency: checkout?.currency ?? null,
      },
    });
    return;
  }
  // The ledger names the payer who opened the checkout in the history and the audit log.
  const payer = checkout.openedBy ? await payerActor(ctx, checkout.openedBy) : undefined;
  await recordProviderPayment(payer ? { ...ctx, actor: payer } : ctx, {
    invoiceId: checkout.invoiceId,
    amount: checkout.amount,
    method: "card",
    paidOn: todayIn(ctx.billing.timeZone, event.paidAt),
    provider,
    reference: event.reference,
    recordedBy: null,
    payerId: payer?.userId ?? null,
  });
}

/** The customer who opened a checkout, as an actor; undefined once their account is gone. */
const payerActor = ({ db }: ActingContext<SystemActor>, userId: string) => actorOfAccount(db, userId, { activeOnly: false });
