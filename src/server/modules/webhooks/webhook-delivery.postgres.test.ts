import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookAttempts, webhookDeliveries } from "@/server/db/schema";
import { startTestServer, type TestServer, type TestUser } from "@/server/test/harness";
import { customerWithProject } from "@/server/test/fixtures";
import { spawnServer, type ChildServer } from "@/server/test/realtime/child-server";
import { startWebhookReceiver, verifies, type WebhookReceiver } from "@/server/test/webhook-receiver";
import { deliverDueWebhooks, PARALLEL_SENDS } from "./webhook-delivery";

// PGlite belongs to one process; several processes sending one table's deliveries is a PostgreSQL deployment.
describe("webhooks sent by two server processes on one PostgreSQL database (PostgreSQL only)", () => {
  let server: TestServer;
  let second: ChildServer;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: "true" });
    const driver = server.database.driver;
    if (driver.kind !== "postgres") throw new Error("expected PostgreSQL");
    // A full server process: its job runner sends webhooks too.
    second = await spawnServer({ DATABASE_URL: driver.url, AUTH_SECRET: server.env.AUTH_SECRET, NODE_ENV: "test", WEBHOOK_ALLOW_PRIVATE: "true" });
    admin = await server.createUser({ admin: true });
  });
  afterAll(async () => {
    await second?.stop();
    await server?.close();
  });

  it("delivers every event once per id after the receiver was down for a while, each process sending a share", async () => {
    // The receiver's port, then the receiver down: every attempt meanwhile is refused.
    const probe = await startWebhookReceiver();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const { customer, project } = await customerWithProject(server, "Racing webhooks");
    const endpoint = (await admin.client.post("/api/webhooks", { url: `${probe.url}/race`, eventTypes: ["ticket.created"] })).body;
    for (let i = 0; i < 20; i += 1) expect((await customer.client.post("/api/tickets", { projectId: project.id, title: `Race ${i}` })).status).toBe(201);
    const ids = (await server.deps.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).map((row) => row.id);
    expect(ids).toHaveLength(20);

    const deps = { db: server.deps.db, env: server.env, log: server.deps.log, outbox: server.deps.mail.outbox };
    await deliverDueWebhooks(deps);
    const attempted = async () => (await server.deps.db.selectDistinct({ id: webhookAttempts.deliveryId }).from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids))).length;
    await expect.poll(attempted, { timeout: 20_000 }).toBe(20);
    const failed = await server.deps.db.select({ error: webhookAttempts.error }).from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).limit(1);
    expect(failed[0]!.error).toMatch(/ECONNREFUSED/);

    let receiver: WebhookReceiver | undefined;
    try {
      // This process sends only through the rounds the test runs (the test server starts no job
      // runner), two at once here: at most 2 × PARALLEL_SENDS requests in flight. The receiver
      // answers none until one more waits, so nothing is delivered before the second process is
      // sending too; this process's rounds are already in flight by then, and get their share.
      receiver = await startWebhookReceiver({ port, holdUntilWaiting: 2 * PARALLEL_SENDS + 1 });
      // Their retries come due at once; both processes (this one twice over) race for them.
      await server.deps.db.update(webhookDeliveries).set({ nextAttemptAt: sql`now()` }).where(inArray(webhookDeliveries.id, ids));
      // A held attempt outlasts the second process's next look for due deliveries (every 5 s).
      const held = { ...deps, timeoutMs: 60_000 };
      const rounds = await Promise.all([deliverDueWebhooks(held), deliverDueWebhooks(held)]);
      await Promise.all(ids.map((id) => receiver!.waitFor((r) => r.id === id, 30_000)));
      expect(rounds.map((round) => round.failedAttempts)).toEqual([0, 0]);
      // Every delivery reached the receiver once (below); this process sent its rounds' share, the second process the rest.
      const byThisProcess = rounds.reduce((total, round) => total + round.delivered, 0);
      expect(byThisProcess).toBeGreaterThan(0);
      expect(ids.length - byThisProcess).toBeGreaterThan(0);
      await expect.poll(async () => (await server.deps.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids))).every((row) => row.status === "delivered"), { timeout: 20_000 }).toBe(true);
      for (const id of ids) {
        const copies = receiver.received.filter((r) => r.id === id);
        expect(copies, id).toHaveLength(1);
        expect(verifies(endpoint.secret, copies[0]!)).toBe(true);
      }
    } finally {
      await receiver?.close();
    }
  }, 90_000);
});
