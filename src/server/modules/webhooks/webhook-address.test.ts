import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { startWebhookReceiver } from "@/server/test/webhook-receiver";
import { isInternalAddress, registrationRefusal } from "./webhook-address";
import { deliverDueWebhooks } from "./webhook-delivery";
import { sealWebhookSecret, newWebhookSecret } from "./webhook-secrets";
import { sendWebhook } from "./webhook-sender";

/** Loopback, private, link-local, multicast and reserved addresses, every IPv6 form that carries one, and what is no plain address at all. */
const internalAddresses = [
  "127.0.0.1",
  "127.8.9.10",
  "10.1.2.3",
  "172.16.0.1",
  "172.31.255.254",
  "192.168.1.1",
  "100.64.0.1",
  "169.254.169.254",
  "0.0.0.0",
  "224.0.0.1",
  "255.255.255.255",
  "::",
  "::1",
  "fe80::1",
  "fd00:ec2::254",
  "fc00::5",
  "ff02::1",
  "::ffff:127.0.0.1",
  "::ffff:a9fe:a9fe",
  "64:ff9b::10.0.0.1",
  "64:ff9b::7f00:1",
  // IPv4-compatible, and IPv4-translated (RFC 2765), of loopback
  "::127.0.0.1",
  "::7f00:1",
  "::ffff:0:127.0.0.1",
  "::ffff:0:7f00:1",
  "::ffff:0:a9fe:a9fe",
  // local-use NAT64 (RFC 8215): the whole /48, whatever IPv4 address it carries
  "64:ff9b:1::7f00:1",
  "64:ff9b:1:ffff::8.8.8.8",
  "fec0::1", // site-local
  // 6to4 of loopback and of private networks
  "2002:7f00:1::",
  "2002:7f00:1::1",
  "2002:a00:1::1",
  "2002:c0a8:101::1",
  "2002:a9fe:a9fe::1",
  // Teredo, client 127.0.0.1 (stored inverted), and server 10.0.0.1
  "2001:0:4136:e378:8000:63bf:80ff:fffe",
  "2001:0:a00:1::1",
  "fe80::1%eth0",
  "1::2::3",
];

/** Public addresses, some in the same IPv6 wrappings as the internal ones above. */
const publicAddresses = [
  "8.8.8.8",
  "1.1.1.1",
  "172.32.0.1",
  "100.128.0.1",
  "2606:4700:4700::1111",
  "::ffff:8.8.8.8",
  "::ffff:0:8.8.8.8",
  "64:ff9b::8.8.8.8",
  "2002:808:808::1",
  "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
  "2001:db8::1",
];

describe("which addresses a webhook may not reach", () => {
  // One question with two answers: each address in one table with the verdict it must get.
  it.each([
    ...internalAddresses.map((address) => ["refuses", address, true] as const),
    ...publicAddresses.map((address) => ["allows", address, false] as const),
  ])("%s %s", (_verdict, address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });

  it("refuses a literal internal address or localhost when registering, naming the setting, unless it is set", () => {
    for (const url of [
      "http://127.0.0.1:8080/x",
      "http://[::1]/x",
      "http://localhost/x",
      "https://api.localhost/x",
      "http://169.254.169.254/latest/meta-data",
      "http://[::127.0.0.1]/x",
      "http://[::ffff:0:127.0.0.1]/x",
      "http://[64:ff9b:1::a00:1]/x",
      "http://[fec0::1]/x",
      "http://[2002:7f00:1::]/x",
      "http://[2002:c0a8:101::1]/x",
      "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x",
    ]) {
      expect(registrationRefusal(url, false), url).toMatch(/WEBHOOK_ALLOW_PRIVATE=true/);
      expect(registrationRefusal(url, true), url).toBeUndefined();
    }
    expect(registrationRefusal("https://hooks.example.com/portico", false)).toBeUndefined();
  });
});

describe("a server without WEBHOOK_ALLOW_PRIVATE", () => {
  const receiver = beforeAllTests(() => startWebhookReceiver());
  afterAll(() => receiver.close());
  const server = serverForFile();
  const admin = beforeAllTests(() => server.createUser({ admin: true }));

  it("refuses to register an endpoint at http://127.0.0.1 with a message naming WEBHOOK_ALLOW_PRIVATE", async () => {
    const response = await admin.client.post("/api/webhooks", { url: receiver.url, eventTypes: ["ticket.created"] });
    expect(response.status).toBe(400);
    expect(response.problem.detail).toMatch(/WEBHOOK_ALLOW_PRIVATE=true/);
    expect(response.problem.errors).toEqual([{ field: "url", message: expect.stringMatching(/WEBHOOK_ALLOW_PRIVATE/) }]);
    const renamed = await admin.client.post("/api/webhooks", { url: "https://hooks.example.com/portico", eventTypes: ["ticket.created"] });
    expect(renamed.status).toBe(201);
    expect((await admin.client.patch(`/api/webhooks/${renamed.body.id}`, { url: "http://10.0.0.8/hook" })).status).toBe(400);
  });

  it("refuses to register IPv6 forms of internal addresses, each a 400 naming url", async () => {
    for (const url of ["http://[::127.0.0.1]/hook", "http://[::ffff:0:127.0.0.1]/hook", "http://[64:ff9b:1::a00:1]/hook", "http://[fec0::1]/hook", "http://[2002:7f00:1::]/hook"]) {
      const response = await admin.client.post("/api/webhooks", { url, eventTypes: ["ticket.created"] });
      expect(response.status, url).toBe(400);
      expect(response.problem.errors, url).toEqual([{ field: "url", message: expect.stringMatching(/WEBHOOK_ALLOW_PRIVATE/) }]);
    }
    const [stored] = await server.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, "http://[fec0::1]/hook"));
    expect(stored).toBeUndefined();
  });

  it("does not send to a literal loopback address stored past registration: the attempt records the refusal, the receiver gets nothing", async () => {
    // The rows are written as an older release, or a hand-edited database, could have left them.
    // http.request connects to a literal address without a DNS lookup, so only the sender's own
    // check stands between these rows and the receiver listening on 127.0.0.1.
    const urls = [`${receiver.url}/literal`, `${receiver.url.replace("127.0.0.1", "[::ffff:127.0.0.1]")}/mapped`];
    const deliveryIds: string[] = [];
    for (const url of urls) {
      const [endpoint] = await server.deps.db
        .insert(webhookEndpoints)
        .values({ url, eventTypes: ["ticket.created"], secret: sealWebhookSecret(server.env.AUTH_SECRET, newWebhookSecret()) })
        .returning();
      const [delivery] = await server.deps.db.insert(webhookDeliveries).values({ endpointId: endpoint!.id, eventType: "ticket.created", body: "{}" }).returning();
      deliveryIds.push(delivery!.id);
    }
    // The round returns once every due delivery's attempt is recorded: the outcome, not a clock.
    await deliverDueWebhooks({ db: server.deps.db, env: server.env, log: server.deps.log, outbox: server.deps.mail.outbox });
    for (const [index, deliveryId] of deliveryIds.entries()) {
      const attempts = await server.deps.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));
      expect(attempts, urls[index]).toEqual([expect.objectContaining({ statusCode: null, response: null, error: expect.stringMatching(/^Refused: .*WEBHOOK_ALLOW_PRIVATE=true/) })]);
      const [delivery] = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      expect(delivery, urls[index]).toMatchObject({ status: "pending", attempts: 1 });
    }
    expect(receiver.received).toEqual([]);
  });

  it("refuses at send time a name that resolves to loopback, and records why in the attempt", async () => {
    // Written past the registration check, as a name whose DNS changed after registering would be.
    const [endpoint] = await server.deps.db
      .insert(webhookEndpoints)
      .values({ url: receiver.url.replace("127.0.0.1", "localhost"), eventTypes: ["ticket.created"], secret: sealWebhookSecret(server.env.AUTH_SECRET, newWebhookSecret()) })
      .returning();
    const [delivery] = await server.deps.db.insert(webhookDeliveries).values({ endpointId: endpoint!.id, eventType: "ticket.created", body: "{}" }).returning();
    await deliverDueWebhooks({ db: server.deps.db, env: server.env, log: server.deps.log, outbox: server.deps.mail.outbox });
    const [attempt] = await server.deps.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id));
    expect(attempt).toMatchObject({ statusCode: null, error: expect.stringMatching(/localhost is (127\.0\.0\.1|::1).*WEBHOOK_ALLOW_PRIVATE=true/) });
    expect(receiver.received).toEqual([]);
  });

  it("follows no redirect: a 3xx is a failed attempt and its Location is never asked", async () => {
    const target = await startWebhookReceiver();
    try {
      target.answerNext("moved", [307]);
      const outcome = await sendWebhook({ url: `${target.url}/moved`, headers: {}, body: "{}", allowPrivate: true });
      expect(outcome).toMatchObject({ ok: false, statusCode: 307 });
      expect(target.received).toHaveLength(1);
    } finally {
      await target.close();
    }
  });

  it("gives up on a receiver that does not answer within the timeout", async () => {
    const { createServer } = await import("node:http");
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const port = (silent.address() as { port: number }).port;
      const outcome = await sendWebhook({ url: `http://127.0.0.1:${port}/`, headers: {}, body: "{}", allowPrivate: true, timeoutMs: 300 });
      expect(outcome).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/No answer within/) });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
