import Big from "big.js";
import Stripe from "stripe";
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type CheckoutRequest,
  type OpenedCheckout,
  type PaymentProvider,
  type ProviderEvent,
} from "./provider";

/*
 * Stripe Checkout behind the provider interface (ADR 043). Stripe counts money in integer minor
 * units; Portico in exact decimal strings. The two meet only in toMinorUnits/fromMinorUnits below.
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests only: where the SDK sends its requests instead of https://api.stripe.com (a local fake). */
  apiUrl?: URL;
}

/**
 * Stripe's minor unit per currency (docs.stripe.com/currencies): two decimals unless listed. Not
 * Intl's digits: for HUF, ISK, COP, IDR, PKR and a dozen more ICU says 0 where Stripe's API counts
 * hundredths, so an amount derived from Intl would charge a hundredth of the invoice, and ICU's
 * answer moves with the Node.js release.
 */
const ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);
/**
 * Minor-unit amounts Stripe refuses unless they are a multiple of this: three-decimal currencies
 * end in 0 (its card partners take two decimals), ISK is whole krónur written with two decimals.
 */
const STEP: Record<string, number> = { ISK: 100, ...Object.fromEntries([...THREE_DECIMAL].map((code) => [code, 10])) };

/** How many decimals one of Stripe's minor units has in `currency` (ISO 4217, any case). */
export function stripeExponent(currency: string): number {
  const code = currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw new RangeError(`"${currency}" is not an ISO 4217 currency code`);
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
}

/** The integer of minor units Stripe is sent for `amount` in `currency`, or why Stripe could not charge it exactly. */
function minorUnits(amount: string, currency: string): { minor: number; problem?: undefined } | { problem: string } {
  const exponent = stripeExponent(currency);
  let value: Big;
  try {
    value = new Big(amount);
  } catch {
    return { problem: `"${amount}" is not a decimal amount` };
  }
  const minor = value.times(new Big(10).pow(exponent));
  const code = currency.toUpperCase();
  if (!minor.eq(minor.round(0, Big.roundDown))) return { problem: `${amount} ${code} has more decimals than ${code}'s ${exponent} at Stripe` };
  if (minor.lte(0)) return { problem: `${amount} ${code} is not an amount to pay` };
  if (minor.gt(Number.MAX_SAFE_INTEGER)) return { problem: `${amount} ${code} is too large for Stripe` };
  const step = STEP[code] ?? 1;
  if (!minor.mod(step).eq(0)) return { problem: `Stripe takes ${code} only in steps of ${new Big(step).div(new Big(10).pow(exponent)).toFixed(exponent)}` };
  return { minor: minor.toNumber() };
}

/** `amount` in Stripe's minor units of `currency`; throws a RangeError when Stripe could not charge it exactly. */
export function toMinorUnits(amount: string, currency: string): number {
  const converted = minorUnits(amount, currency);
  if (converted.problem !== undefined) throw new RangeError(converted.problem);
  return converted.minor;
}

/** Stripe's integer minor units back to an exact decimal string with the currency's decimals ("40.00", "5000", "1.250"). */
export function fromMinorUnits(minor: number, currency: string): string {
  const exponent = stripeExponent(currency);
  return new Big(minor).div(new Big(10).pow(exponent)).toFixed(exponent);
}

/** A secret key in a message from Stripe or the network is shown by its last four characters only. */
const withoutKeys = (text: string) => text.replace(/\b(sk|rk)_(test|live)_[A-Za-z0-9]*?([A-Za-z0-9]{4})\b/g, "$1_$2_…$3");

/** What went wrong talking to Stripe, in words an operator can act on; never the key. */
function unavailable(error: unknown): ProviderUnavailableError {
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const detail = error.detail;
    const code = typeof detail === "object" && "code" in detail && detail.code ? ` (${String(detail.code)})` : "";
    return new ProviderUnavailableError(withoutKeys(`Stripe could not be reached${code}: ${error.message}`), { cause: error });
  }
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ? `${error.statusCode} ` : "";
    const code = error.code ? ` (${error.code})` : "";
    return new ProviderUnavailableError(withoutKeys(`Stripe answered ${status}${error.rawType ?? error.type}${code}: ${error.message}`), { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderUnavailableError(withoutKeys(`Stripe could not open the checkout: ${message}`), { cause: error });
}

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === "string" ? value : value.id);

export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const { secretKey, webhookSecret, apiUrl } = settings;
  const stripe = new Stripe(secretKey, {
    // A payer waits on this request: a short answer beats Stripe's default of 80 s.
    timeout: 10_000,
    maxNetworkRetries: 1,
    ...(apiUrl && {
      host: apiUrl.hostname,
      port: apiUrl.port || (apiUrl.protocol === "https:" ? 443 : 80),
      protocol: apiUrl.protocol === "https:" ? ("https" as const) : ("http" as const),
    }),
  });

  async function openCheckout(request: CheckoutRequest): Promise<OpenedCheckout> {
    const converted = minorUnits(request.amount, request.currency);
    // Stripe would refuse it too; said here, nothing is sent.
    if (converted.problem !== undefined) throw new ProviderUnavailableError(`Stripe cannot charge this amount: ${converted.problem}`);
    const metadata = { invoice_id: request.invoiceId, company_id: request.companyId };
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: converted.minor,
                product_data: { name: `Invoice ${request.invoiceNumber}` },
              },
              quantity: 1,
            },
          ],
          metadata,
          // The payment (and so its refunds) carries the invoice too.
          payment_intent_data: { metadata },
          client_reference_id: request.invoiceId,
          ...(request.customerEmail && { customer_email: request.customerEmail }),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      throw unavailable(error);
    }
    if (!session.url) throw new ProviderUnavailableError(`Stripe opened checkout ${session.id} without a page to send the payer to`);
    return { id: session.id, url: session.url };
  }

  async function readWebhook(rawBody: string, headers: Headers): Promise<ProviderEvent> {
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(rawBody, headers.get("stripe-signature") ?? "", webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new WebhookSignatureError(`The Stripe-Signature does not verify: ${error.message}`, { cause: error });
      }
      throw error;
    }
    const other: ProviderEvent = { type: "other", eventId: event.id, providerType: event.type };
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const session = event.data.object;
        // A completed checkout by bank debit is paid later: its async_payment_succeeded says so.
        if (session.payment_status !== "paid") return other;
        const currency = (session.currency ?? "").toUpperCase();
        return {
          type: "payment.succeeded",
          eventId: event.id,
          checkoutId: session.id,
          invoiceId: session.metadata?.invoice_id ?? session.client_reference_id ?? null,
          // A missing amount reads as nothing paid: it cannot match the invoice, so it is not booked.
          amount: session.amount_total == null || !currency ? "0" : fromMinorUnits(session.amount_total, currency),
          currency,
          // Checkout in payment mode always makes a PaymentIntent; the session id stands in otherwise.
          reference: idOf(session.payment_intent) ?? session.id,
          paidAt: new Date(event.created * 1000),
        };
      }
      case "charge.refunded": {
        const charge = event.data.object;
        const reference = idOf(charge.payment_intent);
        // Every checkout payment has a PaymentIntent; a charge without one is none of Portico's.
        if (!reference) return other;
        const currency = charge.currency.toUpperCase();
        return {
          type: "payment.refunded",
          eventId: event.id,
          reference,
          refundedTotal: fromMinorUnits(charge.amount_refunded, currency),
          currency,
        };
      }
      default:
        return other;
    }
  }

  return { name: "stripe", openCheckout, readWebhook };
}
