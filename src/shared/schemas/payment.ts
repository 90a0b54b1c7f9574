import { z } from "zod";
import { manualPaymentMethods, paymentMethods } from "../enums";
import { PAYMENT_REFERENCE_MAX, paymentMessages } from "../rules/payment";
import { positiveAmountInputSchema as positiveAmount } from "./money";
import { optionalText } from "./text";
import { instantSchema, namedRecordSchema } from "./records";


/** POST /invoices/{id}/payments: a bank transfer or cash an admin received. */
export const recordPaymentInputSchema = z.object({
  amount: positiveAmount,
  method: z.enum(manualPaymentMethods, paymentMessages.method),
  /** The day the money arrived, in the installation's calendar; not after today (400 naming `paidAt`). */
  paidAt: z.iso.date(paymentMessages.paidAtRequired),
  reference: optionalText(paymentMessages.referenceTooLong, PAYMENT_REFERENCE_MAX).optional(),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentInputSchema>;

/** One payment of an invoice, as its detail and the payments export show it. */
export const paymentSchema = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  /** Decimal strings with two decimals: what was paid, and how much of it was refunded since. */
  amount: z.string(),
  refunded: z.string(),
  currency: z.string(),
  method: z.enum(paymentMethods),
  /** The provider that confirmed an online payment (e.g. "stripe"); null for one an admin recorded. */
  provider: z.string().nullable(),
  /** The bank reference an admin typed, or the provider's payment id. */
  reference: z.string().nullable(),
  /** The day it was paid (YYYY-MM-DD). */
  paidAt: z.iso.date(),
  /** The admin who recorded it; null for an online payment. */
  recordedBy: namedRecordSchema.nullable(),
  createdAt: instantSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /invoices/{id}/checkout: the amount due, or a part of it where the invoice allows partial payments. */
export const checkoutInputSchema = z.object({ amount: positiveAmount.optional() });
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** Where the payer goes to pay: the provider's hosted checkout page. */
export const checkoutSchema = z.object({ url: z.url() });
export type Checkout = z.infer<typeof checkoutSchema>;
