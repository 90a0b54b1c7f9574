/*
 * An online payment provider as Portico uses it (DESIGN D24, ADR 043): it opens a hosted checkout
 * for an amount of one invoice, and it turns the provider's signed webhook into provider-neutral
 * events. Nothing else of the provider reaches the payments module, so a second provider (Mollie,
 * PayPal) is one more module implementing this interface. A payment is confirmed only by an event
 * from `readWebhook`, never by the customer's browser coming back from the checkout.
 */

/** What a checkout is opened for; `amount` is an exact decimal in the installation's currency. */
export interface CheckoutRequest {
  invoiceId: string;
  invoiceNumber: string;
  companyId: string;
  /** A decimal string with two decimals at most, e.g. "40.00" (ADR 024). */
  amount: string;
  /** ISO 4217, upper case (CURRENCY). */
  currency: string;
  /** Prefilled on the provider's page; the payer may change it there. */
  customerEmail: string | null;
  /** Where the provider sends the payer after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
  /** Sent as the provider's own idempotency key, so a retried request opens one checkout. */
  idempotencyKey: string;
}

/** A checkout the provider opened: its id (the webhook names it) and the page the payer goes to. */
export interface OpenedCheckout {
  id: string;
  url: string;
}

/** A completed checkout whose money has arrived. `reference` identifies the payment for its refunds. */
export interface PaymentSucceeded {
  type: "payment.succeeded";
  /** The provider's event id: the same event delivered twice is recorded once. */
  eventId: string;
  checkoutId: string;
  /** The invoice the checkout was opened for, as the provider hands it back (untrusted until matched). */
  invoiceId: string | null;
  amount: string;
  currency: string;
  reference: string;
  paidAt: Date;
}

/** A payment refunded, wholly or in part: `refundedTotal` is everything refunded of it so far. */
export interface PaymentRefunded {
  type: "payment.refunded";
  eventId: string;
  reference: string;
  refundedTotal: string;
  currency: string;
}

/** An event of a type Portico does not act on: acknowledged, nothing recorded. */
export interface OtherEvent {
  type: "other";
  eventId: string;
  providerType: string;
}

export type ProviderEvent = PaymentSucceeded | PaymentRefunded | OtherEvent;

/** Thrown by `readWebhook` for a body whose signature does not verify (forged, altered or too old). */
export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** Thrown by `openCheckout` when the provider cannot be reached or refuses: nothing was opened. */
export class ProviderUnavailableError extends Error {
  override name = "ProviderUnavailableError";
}

export interface PaymentProvider {
  /** Stored with each payment it confirms, e.g. "stripe". */
  readonly name: string;
  openCheckout(request: CheckoutRequest): Promise<OpenedCheckout>;
  /** The event a webhook delivery carries; throws WebhookSignatureError unless its signature verifies. */
  readWebhook(rawBody: string, headers: Headers): Promise<ProviderEvent>;
}
