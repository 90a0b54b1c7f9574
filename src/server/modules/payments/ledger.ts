/*
 * The one way money enters or leaves an invoice's balance (ADR 043): an admin's bank transfer or
 * cash, a provider's confirmed payment, an admin's removal, a provider's refund. Each runs inside
 * the caller's transaction with the invoice's row locked (FOR UPDATE), writes the payment, sets
 * `invoices.amount_paid` and the status that follows from it, and records the change (history,
 * audit, webhook events `payment.recorded` / `invoice.paid`, `paymentRecorded` for the receipt,
 * the announcement) through `ctx.record(tx, …)`.
 *
 * The admin routes (payments.service.ts) and the webhook handler (payment-webhooks.ts) both call
 * these; neither writes `payments` or `amount_paid` itself. Every function takes the transaction
 * as the context's `db`, as a helper that joins its caller's transaction does:
 *
 *   await db.transaction((tx) => recordProviderPayment({ ...ctx, db: tx }, payment));
 *
 * - `addPayment(ctx, payment)`: an admin's payment. 404 for an invoice outside the actor's scope,
 *   409 naming `status` for a draft, void or paid one, 400 naming `amount` above the amount due.
 * - `recordProviderPayment(ctx, payment)`: a payment the provider confirmed (its signed webhook,
 *   already held against the checkout Portico opened). The money has arrived, so it never throws
 *   for the invoice's state: one already paid, or paid beyond its amount due, is recorded with a
 *   `payment.alert` audit entry beside it; a draft, void or missing invoice records no payment,
 *   only the alert. A payment the provider already confirmed (same provider and reference) is not
 *   recorded twice. `ctx.actor` is whom the history and audit name (the payer who opened the
 *   checkout); it is not used to scope the invoice.
 * - `removePayment(ctx, { invoiceId, paymentId })`: an admin's removal of a manual payment; 409
 *   for a provider's (refunded at the provider instead).
 * - `refundPayment(ctx, { provider, reference, refundedTotal })`: the provider's refund, with the
 *   total refunded so far (Stripe's `amount_refunded`): only the part not yet recorded is taken
 *   off. An unknown payment is a `payment.alert`, not an error.
 * - `paymentAlert(ctx, { reason, … })`: an audit entry `payment.alert` (a webhook for an unknown
 *   checkout, a mismatched amount or currency).
 */
import Big from "big.js";
import { and, eq, isNull } from "drizzle-orm";
import type { InvoiceStatus, PaymentMethod } from "@/shared/enums";
import { paymentMessages } from "@/shared/rules/payment";
import { auditBy } from "@/server/changes/audit-entry";
import type { AuditEntry, Change, ChangeActor, HistoryEntry } from "@/server/changes/change";
import { invoices, payments } from "@/server/db/schema";
import { badRequest, conflict, notFound } from "@/server/http/problem";
import type { Actor, SystemActor } from "@/server/actor";
import type { ActingContext, ServiceContext } from "../context";
import { invoiceScope } from "../scopes";
import { invoiceEvent, statusColumns } from "../invoices/invoice-status";

/** A payment to add to a locked invoice. */
export interface NewPayment {
  invoiceId: string;
  amount: string;
  method: PaymentMethod;
  /** YYYY-MM-DD in the installation's calendar. */
  paidOn: string;
  /** The provider that confirmed it; null for an admin's. */
  provider: string | null;
  reference: string | null;
  /** The admin who recorded it; null for a provider's. */
  recordedBy: string | null;
  /** The customer who paid online, for the receipt; null for an admin's. */
  payerId: string | null;
}

/** What an invoice's payments came to after a ledger write. */
export interface LedgerResult {
  paymentId: string;
  status: InvoiceStatus;
  amountPaid: string;
  amountDue: string;
}

/** A manual payment's problem of the invoice's state, as the admin is told it. */
export const notPayable = () => conflict(`status: ${paymentMessages.notPayable}`, [{ field: "status", message: paymentMessages.notPayable }]);
export const overpaid = (due: string) => badRequest(`amount: ${paymentMessages.overpaid(due)}`, [{ field: "amount", message: paymentMessages.overpaid(due) }]);

interface LockedInvoice {
  id: string;
  companyId: string;
  invoiceNumber: string;
  status: "draft" | "unpaid" | "paid" | "void";
  amount: string;
  amountPaid: string;
}

/**
 * The invoice's row, locked until the caller's transaction ends; `scopedTo` holds it to that
 * actor's scope (404 otherwise), null reads it unscoped (a provider's confirmed payment or refund).
 */
async function lockInvoice(ctx: ActingContext<Actor | SystemActor>, id: string, scopedTo: Actor | null): Promise<LockedInvoice | undefined> {
  const [row] = await ctx.db
    .select({ id: invoices.id, companyId: invoices.companyId, invoiceNumber: invoices.invoiceNumber, status: invoices.status, amount: invoices.amount, amountPaid: invoices.amountPaid })
    .from(invoices)
    .where(scopedTo ? and(eq(invoices.id, id), invoiceScope(scopedTo).where) : eq(invoices.id, id))
    .for("update");
  return row;
}

const money = (value: Big) => value.toFixed(2);

/** The status as every answer shows it: a stored `unpaid` with money on it reads `partially_paid`. */
const shownStatus = (status: LockedInvoice["status"], amountPaid: Big): InvoiceStatus => (status === "unpaid" && amountPaid.gt(0) ? "partially_paid" : status);

/** What is left to pay: nothing once paid or void. */
const dueOf = (status: LockedInvoice["status"], amount: string, amountPaid: Big) => (status === "paid" || status === "void" ? new Big(0) : new Big(amount).minus(amountPaid));

const changeActorOf = ({ actor }: ActingContext<Actor | SystemActor>): ChangeActor => ({ userId: actor.userId, name: actor.name, role: actor.role, companyId: actor.companyId });

/**
 * Writes the invoice's new sum and the status that follows (paid when the payments cover it,
 * unpaid otherwise; paid at/by as a hand-set status records them), and the change: a history line
 * of the payment and, when the shown status moved, of the status. Answers the new sums.
 */
async function settle(
  ctx: ActingContext<Actor | SystemActor>,
  invoice: LockedInvoice,
  { amountPaid, entry, paidBy, change }: { amountPaid: Big; entry: HistoryEntry; paidBy: string | null; change: Omit<Change, "history" | "announce"> },
): Promise<Omit<LedgerResult, "paymentId">> {
  const next = amountPaid.gte(invoice.amount) ? "paid" : "unpaid";
  // Paid by whoever the payment names (the admin, the online payer, or nobody), not by the context's actor.
  await ctx.db
    .update(invoices)
    .set({ amountPaid: money(amountPaid), status: next, ...statusColumns(paidBy, next, invoice.status), updatedAt: new Date() })
    .where(eq(invoices.id, invoice.id));
  const before = shownStatus(invoice.status, new Big(invoice.amountPaid));
  const after = shownStatus(next, amountPaid);
  const entries: HistoryEntry[] = [entry, ...(before === after ? [] : [{ kind: "changed" as const, field: "status", from: before, to: after }])];
  await ctx.record(ctx.db, {
    ...change,
    history: { actor: changeActorOf(ctx), subject: { type: "invoice", id: invoice.id, companyId: invoice.companyId }, entries },
    announce: invoiceEvent({ id: invoice.id, status: next, company: { id: invoice.companyId } }),
  });
  return { status: after, amountPaid: money(amountPaid), amountDue: money(dueOf(next, invoice.amount, amountPaid)) };
}

const audited = (ctx: ActingContext<Actor | SystemActor>, invoice: LockedInvoice, kind: AuditEntry["kind"], details: NonNullable<AuditEntry["details"]>): AuditEntry =>
  auditBy(ctx, { kind, companyId: invoice.companyId, target: { type: "invoice", id: invoice.id, label: invoice.invoiceNumber }, details });

/** Inserts the payment and settles the invoice; `alert` adds a `payment.alert` entry beside it. */
async function insertPayment(ctx: ActingContext<Actor | SystemActor>, invoice: LockedInvoice, payment: NewPayment, alert?: string): Promise<LedgerResult> {
  const [row] = await ctx.db
    .insert(payments)
    .values({
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      amount: payment.amount,
      currency: ctx.billing.currency,
      method: payment.method,
      provider: payment.provider,
      reference: payment.reference,
      paidOn: payment.paidOn,
      recordedBy: payment.recordedBy,
    })
    .returning({ id: payments.id, amount: payments.amount });
  const paymentId = row!.id;
  const amountPaid = new Big(invoice.amountPaid).plus(row!.amount);
  const details = { paymentId, amount: row!.amount, currency: ctx.billing.currency, method: payment.method, provider: payment.provider, reference: payment.reference };
  const audit = [audited(ctx, invoice, "payment.recorded", details), ...(alert ? [audited(ctx, invoice, "payment.alert", { ...details, reason: alert })] : [])];
  const next = amountPaid.gte(invoice.amount) ? "paid" : "unpaid";
  const settled = await settle(ctx, invoice, {
    amountPaid,
    entry: { kind: "payment_recorded", to: row!.amount },
    paidBy: payment.recordedBy ?? payment.payerId,
    change: {
      audit,
      paymentRecorded: {
        paymentId,
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        companyId: invoice.companyId,
        amount: row!.amount,
        amountDue: money(dueOf(next, invoice.amount, amountPaid)),
        currency: ctx.billing.currency,
        method: payment.method,
        paidOn: payment.paidOn,
        payerId: payment.payerId,
      },
    },
  });
  return { paymentId, ...settled };
}

/** Only an issued invoice that is not paid or void takes a payment. */
const takesPayments = (invoice: LockedInvoice) => invoice.status === "unpaid";

/** An admin's bank transfer or cash (see the header): refused for an invoice that takes none or above the amount due. */
export async function addPayment(ctx: ServiceContext, payment: NewPayment): Promise<LedgerResult> {
  const invoice = await lockInvoice(ctx, payment.invoiceId, ctx.actor);
  if (!invoice) throw notFound("Invoice not found");
  if (!takesPayments(invoice)) throw notPayable();
  const due = dueOf(invoice.status, invoice.amount, new Big(invoice.amountPaid));
  if (new Big(payment.amount).gt(due)) throw overpaid(money(due));
  return insertPayment(ctx, invoice, payment);
}

/**
 * A payment the provider confirmed (see the header): recorded whenever the invoice can hold it,
 * with an alert when it pays more than was due; null when it records none (the alert says why).
 */
export async function recordProviderPayment(ctx: ActingContext<Actor | SystemActor>, payment: NewPayment & { provider: string; reference: string }): Promise<LedgerResult | null> {
  const invoice = await lockInvoice(ctx, payment.invoiceId, null);
  const facts = { invoiceId: payment.invoiceId, amount: payment.amount, provider: payment.provider, reference: payment.reference };
  if (!invoice || invoice.status === "draft" || invoice.status === "void") {
    await paymentAlert(ctx, { reason: invoice ? `payment for a ${invoice.status} invoice` : "payment for an unknown invoice", companyId: invoice?.companyId ?? null, details: facts });
    return null;
  }
  // Under the invoice's lock, so two deliveries of one payment cannot both get past this.
  const [known] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, payment.provider), eq(payments.reference, payment.reference)));
  if (known) {
    const due = dueOf(invoice.status, invoice.amount, new Big(invoice.amountPaid));
    return { paymentId: known.id, status: shownStatus(invoice.status, new Big(invoice.amountPaid)), amountPaid: invoice.amountPaid, amountDue: money(due) };
  }
  const due = dueOf(invoice.status, invoice.amount, new Big(invoice.amountPaid));
  const alert = new Big(payment.amount).gt(due) ? `paid ${payment.amount} where ${money(due)} was due` : undefined;
  return insertPayment(ctx, invoice, payment, alert);
}

const providerPaymentKept = () => conflict(paymentMessages.providerPaymentKept, [{ field: "paymentId", message: paymentMessages.providerPaymentKept }]);

/** An admin takes back a payment they recorded (a mistake, a bounced transfer); kept as removed, never deleted. */
export async function removePayment(ctx: ServiceContext, { invoiceId, paymentId }: { invoiceId: string; paymentId: string }): Promise<LedgerResult> {
  const invoice = await lockInvoice(ctx, invoiceId, ctx.actor);
  if (!invoice) throw notFound("Invoice not found");
  const [payment] = await ctx.db
    .select({ id: payments.id, amount: payments.amount, refunded: payments.refunded, provider: payments.provider, method: payments.method })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.invoiceId, invoiceId), isNull(payments.removedAt)));
  if (!payment) throw notFound("Payment not found");
  if (payment.provider !== null) throw providerPaymentKept();
  await ctx.db.update(payments).set({ removedAt: new Date(), removedBy: ctx.actor.userId }).where(eq(payments.id, paymentId));
  const standing = new Big(payment.amount).minus(payment.refunded);
  const settled = await settle(ctx, invoice, {
    amountPaid: new Big(invoice.amountPaid).minus(standing),
    entry: { kind: "payment_removed", to: payment.amount },
    paidBy: null,
    change: { audit: audited(ctx, invoice, "payment.removed", { paymentId, amount: payment.amount, method: payment.method }) },
  });
  return { paymentId, ...settled };
}

/**
 * The provider refunded (part of) a payment: `refundedTotal` is all it refunded of it so far, so a
 * repeated or late event takes off nothing twice. Null when there was nothing new to record.
 */
export async function refundPayment(ctx: ActingContext<Actor | SystemActor>, { provider, reference, refundedTotal }: { provider: string; reference: string; refundedTotal: string }): Promise<LedgerResult | null> {
  const [found] = await ctx.db
    .select({ invoiceId: payments.invoiceId })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.reference, reference)));
  if (!found) {
    await paymentAlert(ctx, { reason: "refund of an unknown payment", details: { provider, reference, refundedTotal } });
    return null;
  }
  const invoice = (await lockInvoice(ctx, found.invoiceId, null))!;
  // Read again under the invoice's lock: a refund racing another of the same payment sees its result.
  const [payment] = await ctx.db
    .select({ id: payments.id, amount: payments.amount, refunded: payments.refunded, removedAt: payments.removedAt })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.reference, reference)));
  // The database holds a refund to the payment's amount; a provider never refunds more.
  const total = new Big(refundedTotal).gt(payment!.amount) ? new Big(payment!.amount) : new Big(refundedTotal);
  const added = total.minus(payment!.refunded);
  if (added.lte(0) || payment!.removedAt !== null) return null;
  await ctx.db.update(payments).set({ refunded: money(total) }).where(eq(payments.id, payment!.id));
  const settled = await settle(ctx, invoice, {
    amountPaid: new Big(invoice.amountPaid).minus(added),
    entry: { kind: "payment_refunded", to: money(added) },
    paidBy: null,
    change: { audit: audited(ctx, invoice, "payment.refunded", { paymentId: payment!.id, refunded: money(added), refundedTotal: money(total), provider, reference }) },
  });
  return { paymentId: payment!.id, ...settled };
}

/** Something about a payment an admin should look at, in the audit log (ADR 043); never a payment. */
export async function paymentAlert(
  ctx: ActingContext<Actor | SystemActor>,
  { reason, invoiceId = null, companyId = null, details = {} }: { reason: string; invoiceId?: string | null; companyId?: string | null; details?: Record<string, string | number | boolean | null> },
): Promise<void> {
  const target = { type: "invoice", id: invoiceId ?? (typeof details.invoiceId === "string" ? details.invoiceId : null) };
  await ctx.record(ctx.db, { audit: auditBy(ctx, { kind: "payment.alert", companyId, target, details: { ...details, reason } }) });
}
