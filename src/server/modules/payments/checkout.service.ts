import { createHash, randomUUID } from "node:crypto";
import Big from "big.js";
import { and, eq } from "drizzle-orm";
import { can } from "@/shared/policies";
import { paymentMessages } from "@/shared/rules/payment";
import type { Checkout, CheckoutInput } from "@/shared/schemas/payment";
import { invoices, paymentCheckouts } from "@/server/db/schema";
import { badRequest, conflict, forbidden, notFound, Problem } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { keyScope } from "../idempotency/idempotency-key";
import { invoiceScope } from "../scopes";
import { ProviderUnavailableError } from "./provider";

const invoiceNotFound = () => notFound("Invoice not found");
const amountRefused = (message: string) => badRequest(`amount: ${message}`, [{ field: "amount", message }]);

/**
 * Opens the provider's hosted checkout for an invoice of the caller's company (ADR 043): for its
 * amount due, or a part of it where the admin allows partial payments. Nothing is paid here: the
 * stored checkout is what the provider's signed webhook is later held against (payment-webhooks.ts).
 * `idempotencyKey` is the request's Idempotency-Key, passed on to the provider so that a retried
 * request opens one checkout.
 */
export async function openInvoiceCheckout(
  ctx: ServiceContext,
  { invoiceId, amount, idempotencyKey }: { invoiceId: string; idempotencyKey: string | undefined } & CheckoutInput,
): Promise<Checkout> {
  const { db, actor, payments } = ctx;
  // The provider's team records payments; paying online is the invoice's customer's.
  if (can(actor, "readAll", "invoice")) throw forbidden("Only the invoice's customer pays it online");
  if (!payments) throw notFound("Online payment is not offered");
  // D11: another company's invoice (or a draft) is as missing as one that does not exist.
  const [invoice] = await db
    .select({
      invoiceNumber: invoices.invoiceNumber,
      companyId: invoices.companyId,
      status: invoices.status,
      total: invoices.amount,
      paid: invoices.amountPaid,
      allowPartialPayment: invoices.allowPartialPayment,
    })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), invoiceScope(actor).where));
  if (!invoice) throw invoiceNotFound();
  const due = new Big(invoice.total).minus(invoice.paid);
  if (invoice.status !== "unpaid" || due.lte(0)) throw conflict(`status: ${paymentMessages.notPayable}`, [{ field: "status", message: paymentMessages.notPayable }]);
  const asked = amount === undefined ? due : new Big(amount);
  if (asked.gt(due)) throw amountRefused(paymentMessages.overpaid(due.toFixed(2)));
  if (asked.lt(due) && !invoice.allowPartialPayment) throw amountRefused(paymentMessages.partNotAllowed);

  const toPay = asked.toFixed(2);
  const invoiceUrl = `${ctx.settings.baseUrl}/dashboard/invoices/${invoiceId}`;
  let opened;
  try {
    opened = await payments.openCheckout({
      invoiceId,
      invoiceNumber: invoice.invoiceNumber,
      companyId: invoice.companyId,
      amount: toPay,
      currency: ctx.billing.currency,
      customerEmail: actor.email,
      successUrl: `${invoiceUrl}?payment=returned`,
      cancelUrl: invoiceUrl,
      idempotencyKey: providerIdempotencyKey(ctx, idempotencyKey),
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    ctx.log.warn({ event: "payments.checkout_failed", invoiceId, provider: payments.name, err: error }, "payments: the provider could not open a checkout");
    throw new Problem(503, "Service Unavailable", paymentMessages.onlineUnavailable);
  }
  // A retried request gets the same checkout from the provider, which is then stored already.
  await db
    .insert(paymentCheckouts)
    .values({ provider: payments.name, checkoutId: opened.id, invoiceId, companyId: invoice.companyId, amount: toPay, currency: ctx.billing.currency, openedBy: actor.userId })
    .onConflictDoNothing();
  return { url: opened.url };
}

/**
 * The provider's keys are one namespace for the whole installation: the caller's key is made the
 * caller's own (as ADR 039 scopes stored answers), so two customers' equal keys never meet there.
 */
function providerIdempotencyKey({ actor }: ServiceContext, key: string | undefined): string {
  if (key === undefined) return randomUUID();
  return `portico-checkout-${createHash("sha256").update(`${keyScope(actor)}\u0000${key}`).digest("hex")}`;
}
