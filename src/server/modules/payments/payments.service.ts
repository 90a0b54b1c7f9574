import { can } from "@/shared/policies";
import { paymentMessages } from "@/shared/rules/payment";
import type { InvoiceDetail } from "@/shared/schemas/invoice";
import type { RecordPaymentInput } from "@/shared/schemas/payment";
import { badRequest, forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { findInvoiceDetail } from "../invoices/invoices.service";
import { todayIn } from "../invoices/overdue";
import { addPayment, removePayment } from "./ledger";

/**
 * An admin records a bank transfer or cash received for an issued invoice (ADR 043), dated the day
 * the money arrived, never after today in the installation's calendar. Answers the invoice as it
 * is now; the ledger refuses what the invoice cannot take (409 status, 400 amount).
 */
export async function recordPayment(ctx: ServiceContext, { invoiceId, payment }: { invoiceId: string; payment: RecordPaymentInput }): Promise<InvoiceDetail> {
  if (!can(ctx.actor, "create", "payment")) throw forbidden();
  if (payment.paidAt > todayIn(ctx.billing.timeZone, ctx.clock.now())) {
    throw badRequest(`paidAt: ${paymentMessages.paidAtFuture}`, [{ field: "paidAt", message: paymentMessages.paidAtFuture }]);
  }
  await ctx.db.transaction((tx) =>
    addPayment(
      { ...ctx, db: tx },
      { invoiceId, amount: payment.amount, method: payment.method, paidOn: payment.paidAt, provider: null, reference: payment.reference ?? null, recordedBy: ctx.actor.userId, payerId: null },
    ),
  );
  return findInvoiceDetail(ctx, invoiceId);
}

/** An admin takes back a payment they recorded by hand; an online one is refunded at the provider instead (409). */
export async function deletePayment(ctx: ServiceContext, { invoiceId, paymentId }: { invoiceId: string; paymentId: string }): Promise<InvoiceDetail> {
  if (!can(ctx.actor, "update", "payment")) throw forbidden();
  await ctx.db.transaction((tx) => removePayment({ ...ctx, db: tx }, { invoiceId, paymentId }));
  return findInvoiceDetail(ctx, invoiceId);
}
