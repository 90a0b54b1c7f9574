import { createServer, type Server } from "node:http";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fakeStripeEvent, startFakeStripe, type FakeStripe, type WebhookDelivery } from "@/server/test/stripe/fake-stripe";
import { ProviderUnavailableError, WebhookSignatureError, type CheckoutRequest, type PaymentProvider, type ProviderEvent } from "./provider";
import { fromMinorUnits, stripeExponent, stripeProvider, toMinorUnits } from "./stripe-provider";

/**
 * The real `stripe` SDK against the local fake Stripe (src/server/test/stripe/fake-stripe.ts):
 * what goes over the wire when a checkout opens, what Stripe being down looks like to the caller,
 * and which signed webhook bodies become which provider events. No database.
 */

const webhookSecret = "whsec_portico_test_secret";

/** A webhook endpoint as the portal's will be: it verifies each delivery through the provider. */
interface Receiver {
  url: string;
  results: ({ event: ProviderEvent } | { error: unknown })[];
  close(): Promise<void>;
}

async function startReceiver(provider: () => PaymentProvider): Promise<Receiver> {
  const results: Receiver["results"] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      provider()
        .readWebhook(Buffer.concat(chunks).toString("utf8"), headers)
        .then(
          (event) => {
            results.push({ event });
            res.writeHead(200).end("ok");
          },
          (error: unknown) => {
            results.push({ error });
            res.writeHead(error instanceof WebhookSignatureError ? 400 : 500).end(String(error));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
    results,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  invoiceId: "8d0f6f7e-0b4e-4d5c-9a55-2b1f0c7a9e11",
  invoiceNumber: "INV-0042",
  companyId: "3c9b1a52-7f0e-4f0e-8f43-6f1f2d8e5a20",
  amount: "40.00",
  currency: "USD",
  customerEmail: "pay@example.com",
  successUrl: "https://portal.example.com/invoices/8d0f6f7e/paid",
  cancelUrl: "https://portal.example.com/invoices/8d0f6f7e",
  idempotencyKey: `checkout-${Math.random().toString(36).slice(2)}`,
  ...overrides,
});

describe("Stripe provider", () => {
  let fake: FakeStripe;
  let provider: PaymentProvider;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver(() => provider);
  });
  afterAll(async () => {
    await receiver?.close();
  });
  beforeEach(async () => {
    fake = await startFakeStripe({ webhookUrl: receiver.url, webhookSecret, secretKey: "sk_test_portico_fake_4242" });
    provider = stripeProvider({ secretKey: fake.secretKey, webhookSecret, apiUrl: fake.url });
    receiver.results.length = 0;
  });
  afterEach(async () => {
    await fake?.stop();
  });

  /** What the receiver made of the delivery (each delivery is awaited, so it is the last one). */
  const lastResult = () => receiver.results.at(-1)!;
  const lastEvent = () => {
    const result = lastResult();
    if (!("event" in result)) throw new Error(`the webhook was refused: ${String(result.error)}`);
    return result.event;
  };
  const paidCheckout = async (overrides: Partial<CheckoutRequest> = {}) => {
    const opened = await provider.openCheckout(request(overrides));
    const delivery = await fake.completeSession(opened.id);
    return { opened, delivery };
  };

  describe("opening a checkout", () => {
    it("sends the amount in minor units, the invoice in both metadata and the request's key as Stripe's idempotency key", async () => {
      const sent = request();
      const opened = await provider.openCheckout(sent);

      expect(opened.id).toMatch(/^cs_test_/);
      expect(opened.url).toBe(`${fake.url.origin}/checkout/${opened.id}`);
      const [wire] = fake.requests();
      expect(wire).toMatchObject({ method: "POST", path: "/v1/checkout/sessions", idempotencyKey: sent.idempotencyKey, stripeVersion: Stripe.API_VERSION, status: 200 });
      const metadata = { invoice_id: sent.invoiceId, company_id: sent.companyId };
      expect(wire!.form).toEqual({
        mode: "payment",
        line_items: [{ price_data: { currency: "usd", unit_amount: "4000", product_data: { name: "Invoice INV-0042" } }, quantity: "1" }],
        metadata,
        payment_intent_data: { metadata },
        client_reference_id: sent.invoiceId,
        customer_email: "pay@example.com",
        success_url: sent.successUrl,
        cancel_url: sent.cancelUrl,
      });
      expect(fake.session(opened.id)).toMatchObject({
        object: "checkout.session",
        amount_total: 4000,
        currency: "usd",
        metadata,
        payment_intent: null,
        payment_status: "unpaid",
        status: "open",
        livemode: false,
      });
    });

    it("opens one session for two requests with the same idempotency key, and another for another key", async () => {
      const sent = request();
      const first = await provider.openCheckout(sent);
      const again = await provider.openCheckout(sent);
      expect(again).toEqual(first);
      expect(fake.sessions()).toHaveLength(1);

      const other = await provider.openCheckout({ ...sent, idempotencyKey: `${sent.idempotencyKey}-2` });
      expect(other.id).not.toBe(first.id);
      expect(fake.sessions()).toHaveLength(2);
    });

    it("leaves the email out when the customer has none, so that the payer types it on Stripe's page", async () => {
      await provider.openCheckout(request({ customerEmail: null }));
      expect(fake.requests()[0]!.form).not.toHaveProperty("customer_email");
    });

    it("retries one 500 under the same idempotency key and opens one session", async () => {
      fake.failNextRequests(1, 500);
      const opened = await provider.openCheckout(request());
      const [failed, retried] = fake.requests();
      expect([failed!.status, retried!.status]).toEqual([500, 200]);
      expect(retried!.idempotencyKey).toBe(failed!.idempotencyKey);
      expect(fake.sessions().map((session) => session.id)).toEqual([opened.id]);
    });

    it("throws ProviderUnavailableError naming Stripe's answer when Stripe keeps answering 500, and opens nothing", async () => {
      fake.failNextRequests(2, 500);
      const failure = provider.openCheckout(request());
      await expect(failure).rejects.toBeInstanceOf(ProviderUnavailableError);
      await expect(failure).rejects.toThrow(/^Stripe answered 500 api_error: /);
      expect(fake.sessions()).toEqual([]);
    });

    it("throws ProviderUnavailableError saying Stripe could not be reached when nothing listens", async () => {
      await fake.stop();
      const failure = provider.openCheckout(request());
      await expect(failure).rejects.toBeInstanceOf(ProviderUnavailableError);
      await expect(failure).rejects.toThrow(/^Stripe could not be reached \(ECONNREFUSED\)/);
    });

    it("throws ProviderUnavailableError for a key Stripe refuses, without the key in the message", async () => {
      const wrongKey = "sk_test_wrongwrongwrongwrong9876";
      const withWrongKey = stripeProvider({ secretKey: wrongKey, webhookSecret, apiUrl: fake.url });
      const error = await withWrongKey.openCheckout(request()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect((error as Error).message).toMatch(/^Stripe answered 401 invalid_request_error: Invalid API Key provided: sk_test_\*{4}9876$/);
      expect((error as Error).message).not.toContain(wrongKey);
      expect(fake.requests()[0]!.status).toBe(401);
    });

    it("refuses an amount Stripe cannot charge exactly, before sending anything", async () => {
      for (const [amount, currency] of [["1500.50", "JPY"], ["0.00", "USD"], ["-5.00", "USD"], ["12.345", "USD"], ["40.50", "ISK"], ["12.3456", "KWD"], ["x", "USD"]]) {
        await expect(provider.openCheckout(request({ amount, currency }))).rejects.toThrow(ProviderUnavailableError);
      }
      expect(fake.requests()).toEqual([]);
    });
  });

  describe("minor units", () => {
    it("converts zero-, two- and three-decimal currencies exactly, both ways", () => {
      expect(toMinorUnits("1500.00", "JPY")).toBe(1500);
      expect(fromMinorUnits(1500, "JPY")).toBe("1500");
      expect(toMinorUnits("12.34", "KWD")).toBe(12340);
      expect(fromMinorUnits(12340, "KWD")).toBe("12.340");
      expect(toMinorUnits("0.29", "USD")).toBe(29); // 0.29 * 100 is 28.999999999999996 in binary floats
      expect(toMinorUnits("9999999999.99", "EUR")).toBe(999999999999);
      expect(fromMinorUnits(999999999999, "EUR")).toBe("9999999999.99");
      expect(fromMinorUnits(5, "usd")).toBe("0.05");
    });

    it("uses Stripe's exponents where they differ from Intl's", () => {
      const intl = (currency: string) => new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits;
      // Where both agree:
      for (const currency of ["USD", "EUR", "JPY", "KWD", "BHD"]) expect(stripeExponent(currency)).toBe(intl(currency));
      // Stripe counts hundredths of these where ICU says none: 500 ISK is 50000 at Stripe.
      expect(toMinorUnits("500.00", "ISK")).toBe(50000);
      expect(toMinorUnits("1250.50", "HUF")).toBe(125050);
      expect(toMinorUnits("100000.00", "IDR")).toBe(10000000);
      expect(() => toMinorUnits("1.00", "US")).toThrow(RangeError);
    });

    it("sends a JPY and a KWD checkout in Stripe's minor units and reads their payments back exactly", async () => {
      await paidCheckout({ amount: "1500.00", currency: "JPY" });
      expect(fake.requests()[0]!.form).toMatchObject({ line_items: [{ price_data: { currency: "jpy", unit_amount: "1500" } }] });
      expect(lastEvent()).toMatchObject({ type: "payment.succeeded", amount: "1500", currency: "JPY" });

      await paidCheckout({ amount: "12.34", currency: "KWD" });
      expect(fake.requests()[1]!.form).toMatchObject({ line_items: [{ price_data: { currency: "kwd", unit_amount: "12340" } }] });
      expect(lastEvent()).toMatchObject({ type: "payment.succeeded", amount: "12.340", currency: "KWD" });
    });
  });

  describe("reading webhooks", () => {
    it("turns a paid checkout.session.completed into payment.succeeded", async () => {
      const { opened, delivery } = await paidCheckout();
      expect(delivery.status).toBe(200);
      const session = fake.session(opened.id)!;
      expect(session).toMatchObject({ payment_status: "paid", status: "complete", payment_intent: expect.stringMatching(/^pi_test_/) });
      expect(delivery.event).toMatchObject({ object: "event", type: "checkout.session.completed", id: expect.stringMatching(/^evt_/), api_version: Stripe.API_VERSION });
      expect(lastEvent()).toEqual({
        type: "payment.succeeded",
        eventId: delivery.event.id,
        checkoutId: opened.id,
        invoiceId: request().invoiceId,
        amount: "40.00",
        currency: "USD",
        reference: session.payment_intent,
        paidAt: new Date(delivery.event.created * 1000),
      });
    });

    it("reads the same event id from a redelivered event, so that the caller can record it once", async () => {
      const { delivery } = await paidCheckout();
      const first = lastEvent();
      const again = await fake.sendEvent(delivery);
      expect(again.status).toBe(200);
      expect(lastEvent()).toEqual(first);
    });

    it("refuses a body signed with another secret", async () => {
      const { delivery } = await paidCheckout();
      const forged = await fake.sendEvent(delivery, { webhookSecret: "whsec_someone_else" });
      expect(forged.status).toBe(400);
      expect(lastResult()).toEqual({ error: expect.any(WebhookSignatureError) });
    });

    it("refuses an altered body under the original signature", async () => {
      const { delivery } = await paidCheckout();
      const altered = delivery.body.replace('"amount_total": 4000', '"amount_total": 400000');
      expect(altered).not.toBe(delivery.body);
      const sent = await fake.sendEvent(altered, { signature: delivery.signature });
      expect(sent.status).toBe(400);
      await expect(provider.readWebhook(altered, new Headers({ "stripe-signature": delivery.signature }))).rejects.toThrow(WebhookSignatureError);
    });

    it("refuses a delivery without a Stripe-Signature header", async () => {
      const { delivery } = await paidCheckout();
      const error = await provider.readWebhook(delivery.body, new Headers()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(WebhookSignatureError);
      expect((error as Error).message).toContain("No stripe-signature header value was provided");
    });

    it("refuses a signature older than Stripe's five-minute tolerance and accepts one within it", async () => {
      const { delivery } = await paidCheckout();
      const seconds = Math.floor(Date.now() / 1000);
      const old = await fake.sendEvent(delivery, { timestamp: seconds - 6 * 60 });
      expect(old.status).toBe(400);
      expect(lastResult()).toEqual({ error: expect.objectContaining({ name: "WebhookSignatureError", message: expect.stringContaining("Timestamp outside the tolerance zone") }) });

      const recent = await fake.sendEvent(delivery, { timestamp: seconds - 60 });
      expect(recent.status).toBe(200);
    });

    it("turns charge.refunded into payment.refunded with everything refunded so far", async () => {
      const { opened } = await paidCheckout();
      const reference = fake.session(opened.id)!.payment_intent!;

      const partial = await fake.refund(reference, 1500);
      expect(partial.event).toMatchObject({ type: "charge.refunded", data: { object: { object: "charge", amount_refunded: 1500, refunded: false } } });
      expect(lastEvent()).toEqual({ type: "payment.refunded", eventId: partial.event.id, reference, refundedTotal: "15.00", currency: "USD" });

      await fake.refund(reference, 2500);
      expect(lastEvent()).toMatchObject({ type: "payment.refunded", reference, refundedTotal: "40.00" });
    });

    it("turns checkout.session.async_payment_succeeded into payment.succeeded, and a completed but unpaid session into nothing", async () => {
      const opened = await provider.openCheckout(request());
      const unpaid = fake.session(opened.id)!;
      await fake.sendEvent(fakeStripeEvent("checkout.session.completed", unpaid));
      expect(lastEvent()).toMatchObject({ type: "other", providerType: "checkout.session.completed" });

      const paid = { ...unpaid, status: "complete", payment_status: "paid", payment_intent: "pi_test_later" };
      const later = await fake.sendEvent(fakeStripeEvent("checkout.session.async_payment_succeeded", paid));
      expect(lastEvent()).toMatchObject({ type: "payment.succeeded", eventId: later.event.id, checkoutId: opened.id, amount: "40.00", reference: "pi_test_later" });
    });

    it("reads the invoice from client_reference_id without metadata, and the payment from an expanded PaymentIntent", async () => {
      const opened = await provider.openCheckout(request());
      const session = { ...fake.session(opened.id)!, metadata: {}, payment_status: "paid", status: "complete", payment_intent: { id: "pi_test_expanded", object: "payment_intent" } };
      await fake.sendEvent(fakeStripeEvent("checkout.session.completed", session));
      expect(lastEvent()).toMatchObject({ type: "payment.succeeded", invoiceId: request().invoiceId, reference: "pi_test_expanded" });

      await fake.sendEvent(fakeStripeEvent("checkout.session.completed", { ...session, client_reference_id: null }));
      expect(lastEvent()).toMatchObject({ type: "payment.succeeded", invoiceId: null });
    });

    it("acknowledges an event of another type as other", async () => {
      const sent = await fake.sendEvent(fakeStripeEvent("customer.created", { id: "cus_test_1", object: "customer" }));
      expect(lastEvent()).toEqual({ type: "other", eventId: sent.event.id, providerType: "customer.created" });
    });
  });

  describe("the fake's checkout page", () => {
    it("shows the amount and a Pay button that completes the session, delivers the webhook and sends the payer to success_url", async () => {
      const opened = await provider.openCheckout(request({ successUrl: "https://portal.example.com/paid?session={CHECKOUT_SESSION_ID}" }));
      const page = await fetch(opened.url);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain("<h1>Pay 40.00 USD</h1>");
      expect(html).toMatch(/<form method="post" action="\/checkout\/cs_test_[^"]+\/pay"><button type="submit">Pay<\/button><\/form>/);

      const paid = await fetch(`${opened.url}/pay`, { method: "POST", redirect: "manual" });
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`https://portal.example.com/paid?session=${opened.id}`);
      const deliveries: WebhookDelivery[] = fake.deliveries();
      expect(deliveries.map((delivery) => [delivery.event.type, delivery.status])).toEqual([["checkout.session.completed", 200]]);
      expect(lastEvent()).toMatchObject({ type: "payment.succeeded", checkoutId: opened.id });

      const twice = await fetch(`${opened.url}/pay`, { method: "POST", redirect: "manual" });
      expect(twice.status).toBe(409);
      expect(fake.deliveries()).toHaveLength(1);
    });
  });
});
