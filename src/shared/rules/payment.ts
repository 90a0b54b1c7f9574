/** Limits and messages of payments (ADR 043), shared by the server and the web's forms. */

/** A bank reference or a receipt number, as an admin types it. */
export const PAYMENT_REFERENCE_MAX = 200;

export const paymentMessages = {
  amountRequired: "Amount is required",
  amountPositive: "Amount must be more than 0",
  overpaid: (due: string) => `Amount is more than the amount due (${due})`,
  method: "Method must be bank_transfer or cash",
  paidAtRequired: "Payment date must be a date (YYYY-MM-DD)",
  paidAtFuture: "Payment date cannot be in the future",
  referenceTooLong: `Reference must be at most ${PAYMENT_REFERENCE_MAX} characters`,
  notPayable: "Only an issued invoice that is not paid or void takes a payment",
  partNotAllowed: "This invoice is paid in full: its amount due is the only amount",
  statusFollowsPayments: "An invoice with payments follows them: record or remove a payment instead",
  voidWithPayments: "An invoice with payments cannot be voided: remove or refund its payments first",
  providerPaymentKept: "An online payment is refunded at the payment provider, not removed here",
  onlineUnavailable: "Online payment is unavailable right now; nothing was charged. Try again in a few minutes.",
} as const;
