import { and, eq, isNull } from "drizzle-orm";
import type { ChangeListener, ChangeWriter, PaymentRecorded } from "@/server/changes/change";
import { companyUsers, profiles } from "@/server/db/schema";
import { mailLocale, mailLocaleColumns } from "@/server/mail/mail-locale";
import { queueMailRenderedAtSend } from "@/server/mail/outbox";

const recipientColumns = { id: profiles.id, name: profiles.fullName, email: profiles.email, ...mailLocaleColumns };

/**
 * Who gets a payment's receipt: the customer who paid online, while they are an active member of
 * the invoice's company; else (an admin's payment, or a payer who has left) the company's active
 * owners. Members of the company only, so a receipt never reaches another company.
 */
async function recipientsOf(tx: ChangeWriter, { companyId, payerId }: PaymentRecorded) {
  const active = and(eq(companyUsers.companyId, companyId), isNull(profiles.deactivatedAt));
  const members = () => tx.select(recipientColumns).from(companyUsers).innerJoin(profiles, eq(profiles.id, companyUsers.userId));
  if (payerId) {
    const payer = await members().where(and(active, eq(companyUsers.userId, payerId)));
    if (payer.length) return payer;
  }
  return members().where(and(active, eq(companyUsers.role, "owner")));
}

/**
 * The receipt's listener (ADR 040, 043): one mail per recipient, in their language, queued in the
 * payment's transaction, so a receipt exists exactly when its payment does. The mail and its PDF
 * are rendered by the mail worker when it sends (mail/outbox.ts, queueMailRenderedAtSend): this
 * transaction writes two small rows, and a rendering that fails is retried like a refused delivery.
 */
export const receiptListener: ChangeListener = async (tx, change) => {
  const payment = change.paymentRecorded;
  if (!payment) return;
  const { paymentId, invoiceId, invoiceNumber, amount, amountDue, currency, paidOn } = payment;
  for (const recipient of await recipientsOf(tx, payment)) {
    const locale = mailLocale(recipient);
    await queueMailRenderedAtSend(tx, {
      template: "payment-receipt",
      to: recipient.email,
      locale,
      props: { name: recipient.name, invoiceId, invoiceNumber, amount, amountDue, currency, paidOn },
      attachments: [{ kind: "payment-receipt", paymentId, amountDue, locale }],
    });
  }
};
