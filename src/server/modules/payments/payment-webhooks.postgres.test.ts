import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentEvents, payments } from "@/server/db/schema";
import { customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { startTestServer, type TestServer, type TestUser } from "@/server/test/harness";
import { spawnServer, type ChildServer } from "@/server/test/realtime/child-server";
import { fakeStripeEvent, startFakeStripe, type FakeStripe, type FakeStripeEvent } from "@/server/test/stripe/fake-stripe";

const webhookSecret = "whsec_portico_two_processes";

// PGlite belongs to one process; two processes taking one provider's webhooks is a PostgreSQL deployment.
describe("Stripe's webhook received by two server processes at once (PostgreSQL only)", () => {
  let fake: FakeStripe;
  let server: TestServer;
  let processes: ChildServer[] = [];
  let admin: TestUser;
  let customer: TestUser;
  let companyId: string;

  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret });
    const payments = { PAYMENTS: "stripe", STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: fake.url.toString() };
    server = await startTestServer(payments);
    const driver = server.database.driver;
    if (driver.kind !== "postgres") throw new Error("expected PostgreSQL");
    const env = { DATABASE_URL: driver.url, AUTH_SECRET: server.env.AUTH_SECRET, NODE_ENV: "test", ...payments };
    processes = await Promise.all([spawnServer(env), spawnServer(env)]);
    admin = await server.createUser({ admin: true });
    const made = await customerOfNewCompany(server, "Racing payer");
    customer = made.customer;
    companyId = made.company.id;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((child) => child.stop()));
    await server?.close();
    await fake?.stop();
  });

  /** A paid checkout session of a new invoice of 100, as Stripe sends it once paid. */
  async function paidSession() {
    const invoice = (await admin.client.post("/api/invoices", invoiceBody(companyId, { amount: "100.00" }))).body;
    const opened = await customer.client.post(`/api/invoices/${invoice.id}/checkout`, {});
    expect(opened.status).toBe(201);
    const session = fake.session(new URL(opened.body.url).pathname.split("/").pop()!)!;
    return { invoiceId: invoice.id, session: { ...session, status: "complete" as const, payment_status: "paid" as const, payment_intent: `pi_test_race_${crypto.randomUUID().slice(0, 8)}` } };
  }

  /** Each event to its own process, all sent at once. */
  const raceTo = (events: FakeStripeEvent[]) =>
    Promise.all(events.map((event, i) => fake.sendEvent(event, { webhookUrl: `${processes[i % processes.length]!.baseUrl}/api/payments/stripe/webhook` })));

  const paymentsOf = (invoiceId: string) => server.deps.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));

  it("records one payment when both processes receive the same event at the same moment", async () => {
    const { invoiceId, session } = await paidSession();
    const event = fakeStripeEvent("checkout.session.completed", session);
    const deliveries = await raceTo([event, event]);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await paymentsOf(invoiceId)).toMatchObject([{ amount: "100.00", reference: session.payment_intent }]);
    expect(await server.deps.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(1);
    expect((await customer.client.get(`/api/invoices/${invoiceId}`)).body).toMatchObject({ status: "paid", amountPaid: "100.00" });
  }, 60_000);

  it("records one payment when the two events of one paid checkout reach the two processes at once", async () => {
    const { invoiceId, session } = await paidSession();
    const deliveries = await raceTo([fakeStripeEvent("checkout.session.completed", session), fakeStripeEvent("checkout.session.async_payment_succeeded", session)]);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await paymentsOf(invoiceId)).toHaveLength(1);
    expect((await customer.client.get(`/api/invoices/${invoiceId}`)).body).toMatchObject({ status: "paid", amountPaid: "100.00" });
  }, 60_000);
});
