import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { paymentMessages } from "@/shared/rules/payment";
import { activityEvents, paymentCheckouts, paymentEvents, payments } from "@/server/db/schema";
import { auditEntries, lastAuditId } from "@/server/test/audit";
import { expectFieldRefused } from "@/server/test/expect-problem";
import { customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { startTestServer, type TestServer, type TestUser } from "@/server/test/harness";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { fakeStripeEvent, startFakeStripe, type FakeCheckoutSession, type FakeStripe } from "@/server/test/stripe/fake-stripe";

/*
 * Online payment end to end (ADR 043): the real server with PAYMENTS=stripe, the real `stripe` SDK
 * talking to the local fake Stripe, which posts its signed webhooks back to the server.
 */

const webhookSecret = "whsec_portico_online_payments_test";

const fake: FakeStripe = beforeAllTests(() => startFakeStripe({ webhookSecret }));
const server: TestServer = beforeAllTests(() =>
  startTestServer({ PAYMENTS: "stripe", STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: fake.url.toString() }),
);
afterAll(async () => {
  await server.close();
  await fake.stop();
});

const webhook = () => ({ webhookUrl: `${server.baseUrl}/api/payments/stripe/webhook` });

const people = beforeAllTests(async () => {
  const admin = await server.createUser({ admin: true });
  const { company, customer } = await customerOfNewCompany(server, "Paying Co");
  const other = await customerOfNewCompany(server, "Other Co");
  return { admin, company, customer, stranger: other.customer };
});

async function issueInvoice(overrides: Record<string, unknown> = {}) {
  const response = await people.admin.client.post("/api/invoices", invoiceBody(people.company.id, { amount: "100.00", ...overrides }));
  expect(response.status).toBe(201);
  return response.body;
}

const checkoutOf = (user: TestUser, invoiceId: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  user.client.request("POST", `/api/invoices/${invoiceId}/checkout`, body, headers);

/** Opens a checkout as the customer and answers the fake's session for it. */
async function openSession(invoiceId: string, body: Record<string, unknown> = {}): Promise<FakeCheckoutSession> {
  const response = await checkoutOf(people.customer, invoiceId, body);
  expect(response.status).toBe(201);
  const id = new URL(response.body.url).pathname.split("/").pop()!;
  return fake.session(id)!;
}

const invoiceOf = async (id: string) => (await people.customer.client.get(`/api/invoices/${id}`)).body;
const paymentsOf = (invoiceId: string) => server.deps.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
const historyOf = (invoiceId: string, kind: (typeof activityEvents.kind)["_"]["data"]) =>
  server.deps.db.select().from(activityEvents).where(and(eq(activityEvents.invoiceId, invoiceId), eq(activityEvents.kind, kind)));
const checkoutsOf = (invoiceId: string) => server.deps.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.invoiceId, invoiceId));

/** A completed, paid session as Stripe would send it, for events the fake did not make itself. */
const paidSession = (session: FakeCheckoutSession, changes: Partial<FakeCheckoutSession> = {}): FakeCheckoutSession => ({
  ...session,
  status: "complete",
  payment_status: "paid",
  payment_intent: `pi_test_forged_${crypto.randomUUID().slice(0, 8)}`,
  ...changes,
});

describe("POST /api/invoices/{id}/checkout", () => {
  it("answers the fake Stripe's page for the amount due, prefilled with the customer's address, and stores the checkout", async () => {
    const invoice = await issueInvoice();
    const response = await checkoutOf(people.customer, invoice.id);
    expect(response.status).toBe(201);
    const url = new URL(response.body.url);
    expect(url.origin).toBe(fake.url.origin);
    const session = fake.session(url.pathname.split("/").pop()!)!;
    expect(session).toMatchObject({
      amount_total: 10000,
      currency: "usd",
      customer_email: people.customer.email,
      client_reference_id: invoice.id,
      success_url: `${server.baseUrl}/dashboard/invoices/${invoice.id}?payment=returned`,
      cancel_url: `${server.baseUrl}/dashboard/invoices/${invoice.id}`,
    });
    expect(await checkoutsOf(invoice.id)).toMatchObject([{ provider: "stripe", checkoutId: session.id, amount: "100.00", currency: "USD", openedBy: people.customer.id }]);
  });

  it("opens a checkout for a part of the amount due only where the invoice allows partial payments, and never for more", async () => {
    const whole = await issueInvoice();
    const refused = await checkoutOf(people.customer, whole.id, { amount: "40.00" });
    expectFieldRefused(refused, "amount");
    expect(refused.problem.errors![0]!.message).toBe(paymentMessages.partNotAllowed);

    const parts = await issueInvoice({ allowPartialPayment: true });
    expect((await openSession(parts.id, { amount: "40" })).amount_total).toBe(4000);
    const tooMuch = await checkoutOf(people.customer, parts.id, { amount: "100.01" });
    expectFieldRefused(tooMuch, "amount");
    expect(tooMuch.problem.errors![0]!.message).toBe(paymentMessages.overpaid("100.00"));
    expect(await checkoutsOf(whole.id)).toEqual([]);
  });

  it("opens one checkout for requests retried with the same Idempotency-Key", async () => {
    const invoice = await issueInvoice();
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const first = await checkoutOf(people.customer, invoice.id, {}, headers);
    const retry = await checkoutOf(people.customer, invoice.id, {}, headers);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body.url).toBe(first.body.url);
    expect(await checkoutsOf(invoice.id)).toHaveLength(1);
  });

  it("refuses a void or paid invoice with 409 naming status", async () => {
    for (const status of ["void", "paid"] as const) {
      const invoice = await issueInvoice();
      expect((await people.admin.client.patch(`/api/invoices/${invoice.id}`, { status })).status).toBe(200);
      const response = await checkoutOf(people.customer, invoice.id);
      expect(response.status).toBe(409);
      expect(response.problem.errors![0]!.field).toBe("status");
    }
  });

  it("answers another company's customer 404, as for an invoice that does not exist, and an admin 403", async () => {
    const invoice = await issueInvoice();
    const foreign = await checkoutOf(people.stranger, invoice.id);
    const missing = await checkoutOf(people.stranger, crypto.randomUUID());
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.problem.detail).toBe(missing.problem.detail);
    expect((await checkoutOf(people.admin, invoice.id)).status).toBe(403);
    expect(await checkoutsOf(invoice.id)).toEqual([]);
  });

  it("answers 503 with a clear message when Stripe fails, and stores nothing", async () => {
    const invoice = await issueInvoice();
    const before = fake.sessions().length;
    // The SDK retries once: both attempts fail.
    fake.failNextRequests(2, 500);
    const response = await checkoutOf(people.customer, invoice.id);
    expect(response.status).toBe(503);
    expect(response.problem.detail).toBe(paymentMessages.onlineUnavailable);
    expect(fake.sessions()).toHaveLength(before);
    expect(await checkoutsOf(invoice.id)).toEqual([]);
  });
});

describe("POST /api/payments/stripe/webhook", () => {
  it("records the payment of a completed checkout: partially paid after a part, paid after the rest", async () => {
    const invoice = await issueInvoice({ allowPartialPayment: true });
    const part = await openSession(invoice.id, { amount: "40.00" });
    const delivery = await fake.completeSession(part.id, webhook());
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.answer)).toEqual({ received: true });
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: "partially_paid", amountPaid: "40.00", amountDue: "60.00" });
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({ amount: "40.00", currency: "USD", method: "card", provider: "stripe", reference: fake.session(part.id)!.payment_intent, recordedBy: null });
    // The history names the customer who paid.
    expect(await historyOf(invoice.id, "payment_recorded")).toMatchObject([{ actorId: people.customer.id, toValue: "40.00" }]);

    const rest = await openSession(invoice.id);
    expect(rest.amount_total).toBe(6000);
    expect((await fake.completeSession(rest.id, webhook())).status).toBe(200);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: "paid", amountPaid: "100.00", amountDue: "0.00" });
  });

  it("refuses a body whose signature does not verify with 400, and records nothing", async () => {
    const invoice = await issueInvoice();
    const session = await openSession(invoice.id);
    const event = fakeStripeEvent("checkout.session.completed", paidSession(session));
    const forged = await fake.sendEvent(event, { ...webhook(), webhookSecret: "whsec_not_the_portals" });
    expect(forged.status).toBe(400);
    // A body signed with the portal's secret, then altered: the signature no longer covers it.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: webhookSecret });
    const altered = await fake.sendEvent(JSON.stringify({ ...event, data: { object: paidSession(session, { amount_total: 1 }) } }), { ...webhook(), signature });
    expect(altered.status).toBe(400);
    expect(await server.deps.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toEqual([]);
    expect(await paymentsOf(invoice.id)).toEqual([]);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: "unpaid", amountPaid: "0.00" });
  });

  it("records a replayed event, and a second event of the same checkout, once", async () => {
    const invoice = await issueInvoice();
    const session = await openSession(invoice.id);
    const delivery = await fake.completeSession(session.id, webhook());
    const since = await lastAuditId(server);
    const replay = await fake.sendEvent(delivery, webhook());
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.answer)).toEqual({ received: true });
    // Stripe's other event of a paid checkout, with an id of its own and the same payment.
    const again = await fake.sendEvent(fakeStripeEvent("checkout.session.async_payment_succeeded", fake.session(session.id)!), webhook());
    expect(again.status).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: "paid", amountPaid: "100.00" });
    expect(await auditEntries(server, "payment.recorded", since)).toEqual([]);
  });

  it("records a checkout it did not open, or one paid for another invoice, amount or currency, as an audit alert and no payment", async () => {
    const invoice = await issueInvoice();
    const other = await issueInvoice();
    const session = await openSession(invoice.id);
    const since = await lastAuditId(server);
    const forged = {
      "a checkout Portico did not open": paidSession(session, { id: "cs_test_not_opened_by_portico" }),
      "the checkout names another invoice": paidSession(session, { metadata: { ...session.metadata, invoice_id: other.id } }),
      "the amount paid is not the checkout's": paidSession(session, { amount_total: 9999 }),
      "the currency paid is not the checkout's": paidSession(session, { currency: "eur" }),
    };
    for (const body of Object.values(forged)) {
      expect((await fake.sendEvent(fakeStripeEvent("checkout.session.completed", body), webhook())).status).toBe(200);
    }
    const alerts = await auditEntries(server, "payment.alert", since);
    expect(alerts.map((alert) => alert.details?.reason)).toEqual(Object.keys(forged));
    expect(alerts.map((alert) => alert.details?.reference)).toEqual(Object.values(forged).map((body) => body.payment_intent));
    expect(await paymentsOf(invoice.id)).toEqual([]);
    expect(await paymentsOf(other.id)).toEqual([]);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: "unpaid", amountPaid: "0.00" });
  });

  it("takes a refund off the invoice's payments, moving it back from paid, and records one of an unknown payment as an alert", async () => {
    const invoice = await issueInvoice();
    const session = await openSession(invoice.id);
    await fake.completeSession(session.id, webhook());
    const paymentIntent = fake.session(session.id)!.payment_intent!;
    expect((await fake.refund(paymentIntent, 2500, webhook())).status).toBe(200);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: "partially_paid", amountPaid: "75.00", amountDue: "25.00" });
    expect(await paymentsOf(invoice.id)).toMatchObject([{ amount: "100.00", refunded: "25.00" }]);
    // Refunded at Stripe, by nobody of the portal.
    expect(await historyOf(invoice.id, "payment_refunded")).toMatchObject([{ actorId: null, actorName: "Stripe", toValue: "25.00" }]);

    const since = await lastAuditId(server);
    const charge = { id: "ch_test_unknown", object: "charge", amount: 500, amount_refunded: 500, currency: "usd", payment_intent: "pi_test_never_paid_here", refunded: true };
    expect((await fake.sendEvent(fakeStripeEvent("charge.refunded", charge), webhook())).status).toBe(200);
    expect(await auditEntries(server, "payment.alert", since)).toHaveLength(1);
    expect(await server.deps.db.select().from(payments).where(and(eq(payments.provider, "stripe"), eq(payments.reference, "pi_test_never_paid_here")))).toEqual([]);
  });
});

describe("with online payment off (PAYMENTS unset)", () => {
  const off = serverForFile();

  it("answers the checkout and the webhook 404, and opens nothing at Stripe", async () => {
    const admin = await off.createUser({ admin: true });
    const { company, customer } = await customerOfNewCompany(off, "Offline Co");
    const invoice = (await admin.client.post("/api/invoices", invoiceBody(company.id))).body;
    // A genuine event of a checkout the other server opened, delivered here.
    const session = await openSession((await issueInvoice()).id);
    const before = fake.requests().length;
    expect((await checkoutOf(customer, invoice.id)).status).toBe(404);
    const delivery = await fake.sendEvent(fakeStripeEvent("checkout.session.completed", paidSession(session)), { webhookUrl: `${off.baseUrl}/api/payments/stripe/webhook` });
    expect(delivery.status).toBe(404);
    expect(fake.requests()).toHaveLength(before);
    expect(await off.deps.db.select().from(paymentEvents)).toEqual([]);
  });
});
