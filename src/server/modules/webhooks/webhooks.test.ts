import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_DELIVERY_RETENTION_DAYS, WEBHOOK_ENDPOINTS_MAX, type WebhookEventType } from "@/shared/rules/webhooks";
import { auditEvents, mailOutbox, profiles, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { startTestServer, type TestServer, type TestUser } from "@/server/test/harness";
import { deliveredMailTo } from "@/server/test/mail/delivered-mail";
import { startSmtpInbox, type SmtpInbox } from "@/server/test/mail/smtp-inbox";
import { createCompany, customerWithProject, invoiceBody } from "@/server/test/fixtures";
import { startWebhookReceiver, verifies, type WebhookReceiver } from "@/server/test/webhook-receiver";
import { deliverDueWebhooks, WEBHOOK_RETRY_SCHEDULE_MS } from "./webhook-delivery";
import { startWebhookJobs } from "./webhook-jobs";
import { pruneWebhookDeliveries } from "./webhook-retention";
import { expectFieldRefused } from "@/server/test/expect-problem";

let server: TestServer;
let receiver: WebhookReceiver;
/** Where the switch-off mails go, read as their recipients would (the outbox keeps no text once sent). */
let inbox: SmtpInbox;
let admin: TestUser;
let a: Awaited<ReturnType<typeof customerWithProject>>;
let b: Awaited<ReturnType<typeof customerWithProject>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  inbox = await startSmtpInbox();
  // The receiver is on 127.0.0.1, which only WEBHOOK_ALLOW_PRIVATE lets an endpoint be.
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: "true", SMTP_URL: inbox.url });
  admin = await server.createUser({ admin: true, name: "Alex Admin" });
  [a, b] = await Promise.all([customerWithProject(server, "Webhook A"), customerWithProject(server, "Webhook B")]);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await inbox?.stop();
});

const deliver = () => deliverDueWebhooks({ db: server.deps.db, env: server.env, log: server.deps.log, outbox: server.deps.mail.outbox });

/** Registers an endpoint at the receiver (its own path, so tests tell theirs apart) and returns it with its secret. */
async function register(path: string, eventTypes: WebhookEventType[], more: Record<string, unknown> = {}) {
  const response = await admin.client.post("/api/webhooks", { url: `${receiver.url}/${path}`, description: path, eventTypes, ...more });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const deliveriesOf = (endpointId: string) => server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
/** Makes a waiting retry due now, as the passing of its wait would. */
const dueNow = (deliveryId: string) => server.deps.db.update(webhookDeliveries).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(webhookDeliveries.id, deliveryId));
const openTicket = async (customer: TestUser, projectId: string, title: string) => {
  const response = await customer.client.post("/api/tickets", { projectId, title });
  expect(response.status).toBe(201);
  return response.body;
};

describe("outgoing webhooks", () => {
  it("delivers a customer's new ticket as a signed ticket.created that the receiver verifies", async () => {
    const endpoint = await register("created", ["ticket.created"]);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const ticket = await openTicket(a.customer, a.project.id, "Webhook: login fails");

    await deliver();
    const request = await receiver.waitFor((r) => r.payload.type === "ticket.created" && r.payload.data.ticketId === ticket.id);
    expect(verifies(endpoint.secret, request)).toBe(true);
    expect(request.payload.data).toMatchObject({ ticketId: ticket.id, companyId: a.company.id, actor: { id: a.customer.id, name: a.customer.name } });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(request.id).toBe(delivery!.id);
    expect(delivery!.status).toBe("delivered");
    // The secret is shown once: no answer carries it again.
    expect(JSON.stringify((await admin.client.get(`/api/webhooks/${endpoint.id}`)).body)).not.toContain(endpoint.secret.slice(6));
  });

  it("retries a receiver that answers 500 three times and delivers once after it recovers, logging all four attempts; resend sends it again", async () => {
    const endpoint = await register("flaky", ["ticket.updated"]);
    const ticket = await openTicket(a.customer, a.project.id, "Webhook: flaky receiver");
    receiver.answerNext("flaky", [500, 500, 500]);
    const patched = await admin.client.patch(`/api/tickets/${ticket.id}`, { status: "doing", priority: "high" });
    expect(patched.status).toBe(200);
    const [delivery] = await deliveriesOf(endpoint.id);

    await deliver();
    const [afterFirst] = await deliveriesOf(endpoint.id);
    // The first retry waits 5 s, stretched by at most 20 % of jitter.
    const wait = afterFirst!.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(WEBHOOK_RETRY_SCHEDULE_MS[0] - 2_000);
    expect(wait).toBeLessThanOrEqual(WEBHOOK_RETRY_SCHEDULE_MS[0] * 1.2 + 1_000);
    for (let retry = 0; retry < 3; retry += 1) {
      await dueNow(delivery!.id);
      await deliver();
    }
    const mine = receiver.received.filter((r) => r.id === delivery!.id);
    expect(mine.map((r) => r.answered)).toEqual([500, 500, 500, 200]);
    for (const request of mine) expect(verifies(endpoint.secret, request)).toBe(true);
    expect(mine[3]!.payload).toMatchObject({
      type: "ticket.updated",
      data: { ticketId: ticket.id, changes: expect.arrayContaining([{ field: "status", from: "pending", to: "doing" }, { field: "priority", from: "medium", to: "high" }]) },
    });
    // Delivered: a further round finds nothing to send.
    expect(await deliver()).toEqual({ delivered: 0, failedAttempts: 0 });

    const log = (await admin.client.get(`/api/webhooks/${endpoint.id}/deliveries`)).body;
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({ id: delivery!.id, status: "delivered", nextAttemptAt: null });
    expect(log.items[0]!.attempts.map((attempt: { statusCode: number | null }) => attempt.statusCode)).toEqual([500, 500, 500, 200]);
    expect(log.items[0]!.attempts[0]).toMatchObject({ response: "receiver says 500", error: null });
    expect(log.items[0]!.attempts[3]!.response).toBe("ok");

    const resent = await admin.client.post(`/api/webhooks/deliveries/${delivery!.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe("pending");
    await deliver();
    const again = receiver.received.filter((r) => r.id === delivery!.id);
    expect(again).toHaveLength(5);
    expect(again[4]!.body).toBe(again[0]!.body);
    expect((await admin.client.get(`/api/webhooks/${endpoint.id}/deliveries`)).body.items[0]!.attempts).toHaveLength(5);
  });

  it("sends a delivery committed with its change when a fresh job runner starts, as after a crash between commit and send", async () => {
    const endpoint = await register("after-crash", ["message.created"]);
    // Nothing runs the sender here: the process "died" right after the commit.
    const sent = await a.customer.client.post("/api/messages", { content: "Webhook: are you there?" });
    expect(sent.status).toBe(201);
    const [pending] = await deliveriesOf(endpoint.id);
    expect(pending).toMatchObject({ status: "pending", attempts: 0 });

    const jobs = startWebhookJobs({ db: server.deps.db, env: server.env, log: server.deps.log, events: server.deps.events, outbox: server.deps.mail.outbox });
    try {
      const request = await receiver.waitFor((r) => r.id === pending!.id);
      expect(verifies(endpoint.secret, request)).toBe(true);
      expect(request.payload).toMatchObject({ type: "message.created", data: { messageId: sent.body.id, companyId: a.company.id } });
      await expect.poll(async () => (await deliveriesOf(endpoint.id))[0]!.status).toBe("delivered");
    } finally {
      await jobs.stop();
    }
  });

  it("never writes company A's events for an endpoint limited to company B", async () => {
    const onlyB = await register("only-b", ["ticket.created"], { companyId: b.company.id });
    const everyone = await register("everyone", ["ticket.created"]);
    expect(onlyB.company).toEqual({ id: b.company.id, name: b.company.name });
    const ticketA = await openTicket(a.customer, a.project.id, "Webhook: A's ticket");
    const ticketB = await openTicket(b.customer, b.project.id, "Webhook: B's ticket");
    const bodies = async (endpointId: string) => (await deliveriesOf(endpointId)).map((row) => JSON.parse(row.body).data.ticketId);
    expect(await bodies(everyone.id)).toEqual(expect.arrayContaining([ticketA.id, ticketB.id]));
    expect(await bodies(onlyB.id)).toEqual([ticketB.id]);
  });

  it("sends nothing of a draft invoice until it is issued, then invoice.created", async () => {
    const endpoint = await register("invoices", ["invoice.created", "invoice.updated"]);
    const draft = await admin.client.post("/api/invoices", invoiceBody(a.company.id, { status: "draft" }));
    expect(draft.status).toBe(201);
    expect((await admin.client.patch(`/api/invoices/${draft.body.id}`, { notes: "Draft notes" })).status).toBe(200);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    expect((await admin.client.patch(`/api/invoices/${draft.body.id}`, { status: "unpaid" })).status).toBe(200);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((row) => row.eventType)).toEqual(["invoice.created"]);
    expect(JSON.parse(rows[0]!.body).data).toMatchObject({ invoiceId: draft.body.id, companyId: a.company.id });
  });

  it("signs with both secrets for 24 hours after a rotation, then with the new one only", async () => {
    const endpoint = await register("rotated", ["ticket.comment.created"]);
    const rotated = await admin.client.post(`/api/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.body.previousSecretExpiresAt!) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const ticket = await openTicket(a.customer, a.project.id, "Webhook: rotation");
    const commented = await a.customer.client.post(`/api/tickets/${ticket.id}/comments`, { content: "First" });
    await deliver();
    const first = await receiver.waitFor((r) => r.payload.type === "ticket.comment.created" && r.payload.data.commentId === commented.body.id);
    expect(first.signature.split(" ")).toHaveLength(2);
    expect(verifies(rotated.body.secret, first)).toBe(true);
    expect(verifies(endpoint.secret, first)).toBe(true);

    // A day later: the previous secret has run out.
    await server.deps.db.update(webhookEndpoints).set({ previousSecretExpiresAt: sql`now() - interval '1 second'` }).where(eq(webhookEndpoints.id, endpoint.id));
    const second = await a.customer.client.post(`/api/tickets/${ticket.id}/comments`, { content: "Second" });
    await deliver();
    const later = await receiver.waitFor((r) => r.payload.data.commentId === second.body.id);
    expect(verifies(rotated.body.secret, later)).toBe(true);
    expect(verifies(endpoint.secret, later)).toBe(false);
    expect((await admin.client.get(`/api/webhooks/${endpoint.id}`)).body.previousSecretExpiresAt).toBeNull();
  });

  it("switches the endpoint off after the last retry fails, mails every admin and records it; resend then waits for it to be on", async () => {
    const endpoint = await register("dead", ["company.created"]);
    const created = await admin.client.post("/api/companies", { name: "Webhook dead end" });
    expect(created.status).toBe(201);
    const [delivery] = await deliveriesOf(endpoint.id);
    // Six attempts already failed over the day; the seventh is the last.
    await server.deps.db.update(webhookDeliveries).set({ attempts: WEBHOOK_RETRY_SCHEDULE_MS.length }).where(eq(webhookDeliveries.id, delivery!.id));
    receiver.answerNext("dead", [503]);
    await deliver();
    await receiver.waitFor((r) => r.id === delivery!.id);

    const [row] = await deliveriesOf(endpoint.id);
    expect(row!.status).toBe("failed");
    const after = (await admin.client.get(`/api/webhooks/${endpoint.id}`)).body;
    expect(after).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/failed 7 times/) });
    const audit = await server.deps.db.select().from(auditEvents).where(and(eq(auditEvents.kind, "webhook.disabled"), eq(auditEvents.targetId, endpoint.id)));
    expect(audit).toHaveLength(1);
    const mails = await server.deps.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, "webhook-disabled"), eq(mailOutbox.toAddress, admin.email)));
    expect(mails).toHaveLength(1);
    const mail = await deliveredMailTo(server.deps.db, inbox, admin.email, "webhook-disabled");
    expect(mail.subject).toBe("A Portico webhook endpoint was switched off");
    expect(mail.text).toContain(`${receiver.url}/dead`);

    const refused = await admin.client.post(`/api/webhooks/deliveries/${delivery!.id}/resend`);
    expect(refused.status).toBe(409);
    expect((await admin.client.patch(`/api/webhooks/${endpoint.id}`, { enabled: true })).body).toMatchObject({ enabled: true, disabledReason: null });
    expect((await admin.client.post(`/api/webhooks/deliveries/${delivery!.id}/resend`)).status).toBe(200);
    await deliver();
    await expect.poll(async () => (await deliveriesOf(endpoint.id))[0]!.status).toBe("delivered");
  });

  it("keeps webhooks from customers: 403 on every route, changing nothing", async () => {
    const endpoint = await register("hidden", ["member.joined"]);
    // A finished delivery, so that resending one has a real id and no sender picks it up.
    const [delivery] = await server.deps.db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.id, eventType: "member.joined", body: "{}", status: "failed", attempts: 7, finishedAt: new Date() })
      .returning();
    const [endpointBefore] = await server.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    const customer = a.customer.client;
    const statuses = {
      listWebhooks: (await customer.get("/api/webhooks")).status,
      createWebhook: (await customer.post("/api/webhooks", { url: "https://example.com/hook", eventTypes: ["ticket.created"] })).status,
      getWebhook: (await customer.get(`/api/webhooks/${endpoint.id}`)).status,
      updateWebhook: (await customer.patch(`/api/webhooks/${endpoint.id}`, { enabled: false, url: "https://example.com/stolen" })).status,
      deleteWebhook: (await customer.delete(`/api/webhooks/${endpoint.id}`)).status,
      rotateWebhookSecret: (await customer.post(`/api/webhooks/${endpoint.id}/rotate-secret`)).status,
      listWebhookDeliveries: (await customer.get(`/api/webhooks/${endpoint.id}/deliveries`)).status,
      resendWebhookDelivery: (await customer.post(`/api/webhooks/deliveries/${delivery!.id}/resend`)).status,
    };
    expect(statuses).toEqual({
      listWebhooks: 403,
      createWebhook: 403,
      getWebhook: 403,
      updateWebhook: 403,
      deleteWebhook: 403,
      rotateWebhookSecret: 403,
      listWebhookDeliveries: 403,
      resendWebhookDelivery: 403,
    });
    // "Every route" is the served document's: a webhook route added later without a line above fails here.
    const document = (await server.anonymous().get("/api/openapi.json")).body;
    const documented = Object.entries(document.paths ?? {})
      .filter(([path]) => /^(\/api)?\/webhooks(\/|$)/.test(path))
      .flatMap(([, item]) => (["get", "post", "put", "patch", "delete"] as const).flatMap((method) => item[method]?.operationId ?? []));
    expect(Object.keys(statuses).sort()).toEqual(documented.sort());
    expect(await server.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))).toEqual([endpointBefore]);
    expect(await server.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, "https://example.com/hook"))).toEqual([]);
    expect(await deliveriesOf(endpoint.id)).toEqual([delivery]);
  });

  it("validates the endpoint: an http(s) URL, known events, an existing company", async () => {
    const bad = await admin.client.post("/api/webhooks", { url: "ftp://example.com/x", eventTypes: ["ticket.exploded"] });
    expect(bad.status).toBe(400);
    expect(bad.problem.errors!.map((error) => error.field).sort()).toEqual(["eventTypes.0", "url"]);
    const company = await createCompany(server, "Webhook gone");
    await server.deps.db.execute(sql`delete from companies where id = ${company.id}`);
    const missing = await admin.client.post("/api/webhooks", { url: "https://example.com/x", eventTypes: ["ticket.created"], companyId: company.id });
    expectFieldRefused(missing, "companyId");
  });

  it(`refuses a registration beyond ${WEBHOOK_ENDPOINTS_MAX} endpoints (409), registering nothing`, async () => {
    const registered = (await server.deps.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints)).length;
    const filler = Array.from({ length: WEBHOOK_ENDPOINTS_MAX - registered }, (_, n) => ({ url: `https://example.com/filler-${n}`, eventTypes: ["company.created" as const], enabled: false, secret: "unused" }));
    const ids = (await server.deps.db.insert(webhookEndpoints).values(filler).returning({ id: webhookEndpoints.id })).map((row) => row.id);
    const refused = await admin.client.post("/api/webhooks", { url: "https://example.com/one-too-many", eventTypes: ["ticket.created"] });
    expect(refused.status).toBe(409);
    expect(refused.problem.detail).toContain(`${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`);
    expect(await server.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, "https://example.com/one-too-many"))).toEqual([]);
    await server.deps.db.delete(webhookEndpoints).where(inArray(webhookEndpoints.id, ids));
  });

  it(`removes deliveries finished more than ${WEBHOOK_DELIVERY_RETENTION_DAYS} days ago with their attempts, and keeps pending and recent ones`, async () => {
    const endpoint = await register("retention", ["company.created"]);
    for (const name of ["Old news", "Recent news", "Still waiting"]) expect((await admin.client.post("/api/companies", { name })).status).toBe(201);
    await deliver();
    const [oldest, recent, waiting] = (await deliveriesOf(endpoint.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const longAgo = sql`now() - ${WEBHOOK_DELIVERY_RETENTION_DAYS + 1}::int * interval '1 day'`;
    await server.deps.db.update(webhookDeliveries).set({ status: "delivered", finishedAt: longAgo }).where(eq(webhookDeliveries.id, oldest!.id));
    await server.deps.db.update(webhookDeliveries).set({ status: "pending", finishedAt: null, createdAt: longAgo }).where(eq(webhookDeliveries.id, waiting!.id));
    expect((await server.deps.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, oldest!.id))).length).toBeGreaterThan(0);

    expect(await pruneWebhookDeliveries(server.deps.db)).toBe(1);
    expect((await deliveriesOf(endpoint.id)).map((row) => row.id).sort()).toEqual([recent!.id, waiting!.id].sort());
    expect(await server.deps.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, oldest!.id))).toEqual([]);
  });
});

describe("the switch-off mail's language", () => {
  it("is each admin's own: German for one who picked it, English for the rest", async () => {
    const german = await server.createUser({ admin: true, name: "Greta Admin" });
    await server.deps.db.update(profiles).set({ locale: "de" }).where(eq(profiles.id, german.id));
    const endpoint = await register("sprache", ["company.created"]);
    expect((await admin.client.post("/api/companies", { name: "Webhook Sprache" })).status).toBe(201);
    const [delivery] = await deliveriesOf(endpoint.id);
    await server.deps.db.update(webhookDeliveries).set({ attempts: WEBHOOK_RETRY_SCHEDULE_MS.length }).where(eq(webhookDeliveries.id, delivery!.id));
    receiver.answerNext("sprache", [503]);
    await deliver();
    await receiver.waitFor((r) => r.id === delivery!.id);

    // Each admin's newest switch-off mail is this endpoint's, the last one switched off.
    const mailTo = async (email: string) => {
      const mail = await deliveredMailTo(server.deps.db, inbox, email, "webhook-disabled");
      expect(mail.text).toContain(`${receiver.url}/sprache`);
      return mail;
    };
    const inGerman = await mailTo(german.email);
    expect(inGerman.subject).toBe("Ein Webhook-Endpunkt von Portico wurde abgeschaltet");
    expect(inGerman.html).toContain('lang="de"');
    expect(inGerman.text).toContain(`Eine Zustellung an ${receiver.url}/sprache ist innerhalb von etwa einem Tag 7-mal fehlgeschlagen.`);
    const inEnglish = await mailTo(admin.email);
    expect(inEnglish.subject).toBe("A Portico webhook endpoint was switched off");
  });
});
