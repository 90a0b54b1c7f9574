import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema";
import { startTestServer, testDatabaseKind, type TestServer } from "../test/harness";
import { beforeAllTests, serverForFile } from "../test/per-file";
import { connectedStream } from "../test/realtime/test-streams";

const TOKEN = `metrics-token-${randomUUID()}`;

/** A port nothing listens on: mail sent there is refused at once, and retried later. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

/** The value of one sample of the text exposition, by name and exact label set; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(",");
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? "").split(/,(?=[a-zA-Z_]\w*=")/).filter(Boolean).sort().join(",");
    if (have === wanted) return Number(match[3]);
  }
  return undefined;
}

describe("/metrics without METRICS_TOKEN or METRICS_PORT", () => {
  const server = serverForFile();

  it("answers 404 like an unknown path, with or without a bearer token", async () => {
    const unknown = await server.anonymous().raw("/no-such-path");
    const bare = await server.anonymous().raw("/metrics");
    const withToken = await server.anonymous().raw("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    const admin = await server.createUser({ admin: true });
    const asAdmin = await admin.client.raw("/metrics");
    for (const response of [bare, withToken, asAdmin]) {
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not found");
    }
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("Not found");
    expect(server.deps.metrics.enabled).toBe(false);
  });
});

describe("/metrics with METRICS_TOKEN", () => {
  let server: TestServer;
  const started = beforeAllTests(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    return server;
  });
  afterAll(() => started.close());

  const scrape = async () => {
    const response = await server.anonymous().raw("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("answers 401 to a missing, wrong or differently sent token, and 200 with the metrics to the right one", async () => {
    const refusals: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token" },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}` },
      { authorization: TOKEN },
    ];
    for (const headers of refusals) {
      const response = await server.anonymous().raw("/metrics", { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(response.headers.get("content-type")).toContain("application/problem+json");
    }
    // A session is not a token, an admin's neither.
    const admin = await server.createUser({ admin: true });
    expect((await admin.client.raw("/metrics")).status).toBe(401);

    const response = await server.anonymous().raw("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("exposes every metric docs/operations.md names, the pool's only on PostgreSQL", async () => {
    const text = await scrape();
    const names = [
      "portico_http_requests_total",
      "portico_http_request_duration_seconds",
      "portico_event_streams_open",
      "portico_event_fanout_seconds",
      "portico_mail_outbox_queued",
      "portico_mail_outbox_failed",
      "portico_mail_delivery_failures_total",
      "process_resident_memory_bytes",
      "process_cpu_seconds_total",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_eventloop_lag_p99_seconds",
    ];
    for (const name of names) expect(text, name).toContain(`# TYPE ${name} `);
    const pool = ["portico_db_pool_connections_in_use", "portico_db_pool_connections_idle", "portico_db_pool_waiting", "portico_db_pool_max"];
    for (const name of pool) {
      if (testDatabaseKind === "postgres") expect(text, name).toContain(`# TYPE ${name} gauge`);
      else expect(text, name).not.toContain(name);
    }
    if (testDatabaseKind === "postgres") expect(sample(text, "portico_db_pool_max")).toBe(5);
  });

  it("counts a request and its duration under its method, route pattern and status", async () => {
    const user = await server.createUser();
    const labels = { method: "GET", route: "/api/tickets/:id", status: "404" };
    const before = await scrape();
    const count = sample(before, "portico_http_requests_total", labels) ?? 0;
    const timed = sample(before, "portico_http_request_duration_seconds_count", labels) ?? 0;

    expect((await user.client.get(`/api/tickets/${randomUUID()}`)).status).toBe(404);

    const after = await scrape();
    expect(sample(after, "portico_http_requests_total", labels)).toBe(count + 1);
    expect(sample(after, "portico_http_request_duration_seconds_count", labels)).toBe(timed + 1);
    expect(sample(after, "portico_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(timed + 1);
    // The scrape itself is counted under its own route, not under the path of anything else.
    expect(sample(after, "portico_http_requests_total", { method: "GET", route: "/metrics", status: "200" })).toBeGreaterThanOrEqual(2);
  });

  it("counts open event streams and times the fan-out of each change event", async () => {
    const admin = await server.createUser({ admin: true });
    expect(sample(await scrape(), "portico_event_streams_open")).toBe(0);
    const stream = await connectedStream(admin.client);
    const before = await scrape();
    expect(sample(before, "portico_event_streams_open")).toBe(1);
    const fanouts = sample(before, "portico_event_fanout_seconds_count") ?? 0;

    const event = { kind: "company" as const, companyId: randomUUID(), id: randomUUID() };
    await server.deps.events.publish(event);
    await stream.waitForEvent("change", (data) => data.id === event.id);

    const after = await scrape();
    expect(sample(after, "portico_event_fanout_seconds_count")).toBe(fanouts + 1);
    expect(sample(after, "portico_event_fanout_seconds_sum")).toBeGreaterThan(0);
    await stream.close();
    await expect.poll(async () => sample(await scrape(), "portico_event_streams_open"), { timeout: 10_000 }).toBe(0);
  });

  it("reports mail waiting in the outbox and given up on, and counts failed delivery attempts", async () => {
    const { db, mail } = server.deps;
    await db.insert(mailOutbox).values({ template: "password-reset", toAddress: "gone@example.test", subject: "Old", status: "failed", finishedAt: new Date() });
    // SMTP_URL points at a closed port: the first attempt fails and the mail waits for its retry.
    await mail.outbox.enqueue(db, { template: "password-reset", to: "waiting@example.test", locale: "en", props: { name: "Ada", url: `${server.baseUrl}/reset-password?token=t`, validForMinutes: 60 } });
    await expect.poll(async () => sample(await scrape(), "portico_mail_delivery_failures_total", { outcome: "retry" }), { timeout: 20_000 }).toBe(1);

    const text = await scrape();
    expect(sample(text, "portico_mail_outbox_queued")).toBe(1);
    expect(sample(text, "portico_mail_outbox_failed")).toBe(1);
    expect(sample(text, "portico_mail_delivery_failures_total", { outcome: "failed" }) ?? 0).toBe(0);
  });
});
