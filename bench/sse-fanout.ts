/**
 * SSE fan-out benchmark: N event-stream clients over M companies, an admin sending messages at a
 * fixed rate, delivery latency from "POST sent" to "change event parsed" at each client that may
 * see it, and the server's memory and CPU. Run by hand (not a test):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sse-fanout.ts [--scenario modest|target|both]
 *     [--clients N --companies M --admins A --rate R --duration S]
 *
 * DATABASE_URL is only used to create (and drop afterwards) a throwaway database on that server;
 * the server under test is the real `src/server/index.ts` in a child process on 127.0.0.1.
 * Everything stays on loopback and the run is bounded by --max-seconds (default 600).
 * Writes bench/results/sse-fanout.md.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "../src/server/db/client";
import { companies, companyUsers, profiles, sessions, userRoles } from "../src/server/db/schema";
import { spawnServer, type ChildServer } from "../src/server/test/realtime/child-server";
import { SseParser } from "../src/server/test/realtime/sse-client";

interface Scenario {
  name: string;
  clients: number;
  companies: number;
  admins: number;
  rate: number;
  duration: number;
}

const presets: Record<string, Scenario> = {
  modest: { name: "modest", clients: 1000, companies: 200, admins: 5, rate: 50, duration: 20 },
  // The issue's target: 5,000 clients over 1,000 companies at 200 messages/s, p99 < 50 ms.
  target: { name: "target", clients: 5000, companies: 1000, admins: 5, rate: 200, duration: 30 },
};

const { values: args } = parseArgs({
  options: {
    scenario: { type: "string", default: "modest" },
    clients: { type: "string" },
    companies: { type: "string" },
    admins: { type: "string" },
    rate: { type: "string" },
    duration: { type: "string" },
    "max-seconds": { type: "string", default: "600" },
  },
});

const COOKIE = "portico.session_token";
const WARMUP_MS = 3000;
const DRAIN_MS = 2000;

function scenarios(): Scenario[] {
  const chosen = args.scenario === "both" ? [presets.modest!, presets.target!] : [presets[args.scenario!] ?? presets.modest!];
  return chosen.map((s) => ({
    ...s,
    ...(args.clients ? { clients: Number(args.clients), name: "custom" } : {}),
    ...(args.companies ? { companies: Number(args.companies), name: "custom" } : {}),
    ...(args.admins ? { admins: Number(args.admins) } : {}),
    ...(args.rate ? { rate: Number(args.rate) } : {}),
    ...(args.duration ? { duration: Number(args.duration) } : {}),
  }));
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** Better Auth's signed cookie: `token.base64(HMAC-SHA256(secret, token))`, URI-encoded. */
const sessionCookie = (token: string, secret: string) =>
  `${COOKIE}=${encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`)}`;

function processStats(pid: number): { rssMb: number; cpuTicks: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return { rssMb: rssKb / 1024, cpuTicks: Number(stat[11]) + Number(stat[12]) };
}

/** Users, companies and ready-made sessions straight into the database (sign-up hashes a password each: far too slow here). */
async function seed(url: string, scenario: Scenario, secret: string) {
  const database = await openDatabase({ url, poolSize: 4 });
  const { db } = database;
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
  const companyRows = await db
    .insert(companies)
    .values(Array.from({ length: scenario.companies }, (_, i) => ({ name: `Bench Co ${i}` })))
    .returning({ id: companies.id });
  const people = [...companyRows.map((c, i) => ({ companyId: c.id, admin: false, i })), ...Array.from({ length: scenario.admins }, (_, i) => ({ companyId: null, admin: true, i }))];
  const cookies: { companyId: string | null; cookie: string }[] = [];
  for (let start = 0; start < people.length; start += 500) {
    const chunk = people.slice(start, start + 500);
    const users = await db
      .insert(profiles)
      .values(chunk.map((p) => ({ fullName: `${p.admin ? "Admin" : "Customer"} ${p.i}`, email: `${p.admin ? "admin" : "customer"}${p.i}@bench.test` })))
      .returning({ id: profiles.id });
    // Roles before sessions: granting a role ends the user's sessions (drizzle/0007).
    const admins = chunk.flatMap((p, k) => (p.admin ? [{ userId: users[k]!.id, role: "admin" as const }] : []));
    if (admins.length) await db.insert(userRoles).values(admins);
    const tokens = chunk.map(() => randomBytes(24).toString("base64url"));
    await db.insert(sessions).values(users.map((u, k) => ({ userId: u.id, token: tokens[k]!, expiresAt })));
    const members = chunk.flatMap((p, k) => (p.companyId ? [{ userId: users[k]!.id, companyId: p.companyId }] : []));
    if (members.length) await db.insert(companyUsers).values(members);
    chunk.forEach((p, k) => cookies.push({ companyId: p.companyId, cookie: sessionCookie(tokens[k]!, secret) }));
  }
  await database.close();
  return { customers: cookies.filter((c) => c.companyId), admins: cookies.filter((c) => !c.companyId), companyIds: companyRows.map((c) => c.id) };
}

interface Client {
  companyId: string | null;
  ready: Promise<void>;
  request: http.ClientRequest;
}

function connect(baseUrl: string, cookie: string, companyId: string | null, onChange: (id: string, at: number) => void): Client {
  let markReady!: () => void;
  let fail!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    fail = reject;
  });
  // One socket per client, as separate browsers would have.
  const request = http.get(`${baseUrl}/api/events`, { agent: false, headers: { cookie, accept: "text/event-stream" } }, (response) => {
    if (response.statusCode !== 200) return fail(new Error(`stream answered ${response.statusCode}`));
    const parser = new SseParser();
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      const at = performance.now();
      for (const frame of parser.push(chunk)) {
        if (frame.event === "ready") markReady();
        else if (frame.event === "change") onChange((JSON.parse(frame.data) as { id: string }).id, at);
      }
    });
  });
  request.on("error", (error) => fail(error));
  return { companyId, ready, request };
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/** What one measured phase saw. */
interface Phase {
  sent: number;
  achievedRate: number;
  failures: string[];
  expected: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
  spreadP99: number;
  sendP50: number;
  sendP99: number;
  rssPeak: number;
  serverCpu: number;
}

/** Latency bookkeeping keyed by message id: the send time is known before the event can arrive. */
class Tracker {
  private sent = new Map<string, { at: number; first?: number }>();
  latencies: number[] = [];
  // From the first client getting a message to each other client getting it: the fan-out itself.
  spreads: number[] = [];
  expected = 0;
  delivered = 0;

  track(id: string, at: number, recipients: number) {
    this.sent.set(id, { at });
    this.expected += recipients;
  }

  onChange = (id: string, at: number) => {
    const sent = this.sent.get(id);
    if (!sent) return; // warm-up traffic
    this.delivered += 1;
    this.latencies.push(at - sent.at);
    sent.first ??= at;
    this.spreads.push(at - sent.first);
  };
}

type Sender = (id: string, companyId: string, done: (error?: string) => void) => void;

/** An open loop at `rate` per second for `ms`, never more than 500 sends outstanding. */
async function drive(rate: number, ms: number, companyIds: string[], send: Sender, tracker: Tracker | undefined, recipients: (companyId: string) => number) {
  const sendLatencies: number[] = [];
  const failures: string[] = [];
  let inFlight = 0;
  let sent = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    while (sent < due && inFlight < 500) {
      const id = randomUUID();
      const companyId = companyIds[Math.floor(Math.random() * companyIds.length)]!;
      const at = performance.now();
      tracker?.track(id, at, recipients(companyId));
      inFlight += 1;
      sent += 1;
      send(id, companyId, (error) => {
        inFlight -= 1;
        if (error) failures.push(error);
        else sendLatencies.push(performance.now() - at);
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return { sent, seconds: (performance.now() - start) / 1000, sendLatencies, failures };
}

async function measure(pid: number, scenario: Scenario, companyIds: string[], send: Sender, tracker: Tracker, recipients: (companyId: string) => number): Promise<Phase> {
  await drive(scenario.rate, WARMUP_MS, companyIds, send, undefined, recipients);
  const before = processStats(pid);
  let rssPeak = before.rssMb;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, processStats(pid).rssMb);
  }, 250);
  const start = performance.now();
  const run = await drive(scenario.rate, scenario.duration * 1000, companyIds, send, tracker, recipients);
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  clearInterval(sampler);
  const after = processStats(pid);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const latencies = sorted(tracker.latencies);
  const sends = sorted(run.sendLatencies);
  return {
    sent: run.sent,
    achievedRate: run.sent / run.seconds,
    failures: run.failures,
    expected: tracker.expected,
    delivered: tracker.delivered,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    spreadP99: percentile(sorted(tracker.spreads), 99),
    sendP50: percentile(sends, 50),
    sendP99: percentile(sends, 99),
    rssPeak,
    // /proc ticks are 1/100 s; 100% = one core busy.
    serverCpu: ((after.cpuTicks - before.cpuTicks) / 100 / ((performance.now() - start) / 1000)) * 100,
  };
}

async function runScenario(adminUrl: string, scenario: Scenario) {
  const dbName = `portico_ssebench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const secret = randomBytes(32).toString("base64url");
  let server: ChildServer | undefined;
  let notifier: pg.Client | undefined;
  const clients: Client[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  try {
    server = await spawnServer({ DATABASE_URL: url.toString(), AUTH_SECRET: secret, NODE_ENV: "production" });
    const baseUrl = server.baseUrl;
    const seeded = await seed(url.toString(), scenario, secret);
    const probe = await fetch(`${baseUrl}/api/me`, { headers: { cookie: seeded.admins[0]!.cookie } });
    if (probe.status !== 200) throw new Error(`seeded session rejected: ${probe.status}`);

    // Clients: customers spread evenly over the companies, plus the admin streams (which get everything).
    const plan = [
      ...Array.from({ length: scenario.clients - scenario.admins }, (_, i) => seeded.customers[i % seeded.customers.length]!),
      ...seeded.admins,
    ];
    const streamsPerCompany = new Map<string, number>();
    for (const p of plan) if (p.companyId) streamsPerCompany.set(p.companyId, (streamsPerCompany.get(p.companyId) ?? 0) + 1);
    const recipients = (companyId: string) => (streamsPerCompany.get(companyId) ?? 0) + scenario.admins;
    let tracker = new Tracker();
    const bare = processStats(server.pid);
    const connectStart = performance.now();
    await inBatches(plan, 200, async (p) => {
      const client = connect(baseUrl, p.cookie, p.companyId, (id, at) => tracker.onChange(id, at));
      clients.push(client);
      await client.ready;
    });
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const connected = processStats(server.pid);

    // End to end: an admin POSTs each message (with a client-generated id) over keep-alive sockets.
    const senderCookie = seeded.admins[0]!.cookie;
    const post: Sender = (id, companyId, done) => {
      const body = JSON.stringify({ id, companyId, content: `bench ${id}` });
      const headers = { cookie: senderCookie, "content-type": "application/json", origin: baseUrl, "content-length": Buffer.byteLength(body) };
      const request = http.request(`${baseUrl}/api/messages`, { method: "POST", agent, headers }, (response) => {
        response.resume();
        response.on("end", () => done(response.statusCode === 201 ? undefined : `HTTP ${response.statusCode}`));
      });
      request.on("error", (error) => done(error.message));
      request.end(body);
    };
    const endToEnd = await measure(server.pid, scenario, seeded.companyIds, post, tracker, recipients);

    // The realtime path alone: NOTIFY straight into the channel, as a committed write would.
    tracker = new Tracker();
    notifier = new pg.Client({ connectionString: url.toString() });
    await notifier.connect();
    const client = notifier;
    const notify: Sender = (id, companyId, done) => {
      client.query("select pg_notify('portico_events', $1)", [JSON.stringify({ kind: "message", companyId, id })]).then(
        () => done(),
        (error: Error) => done(error.message),
      );
    };
    const realtimeOnly = await measure(server.pid, scenario, seeded.companyIds, notify, tracker, recipients);
    return { scenario, connectSeconds, rssBare: bare.rssMb, rssConnected: connected.rssMb, endToEnd, realtimeOnly };
  } finally {
    agent.destroy();
    for (const client of clients) client.request.destroy();
    await notifier?.end().catch(() => {});
    await server?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

type Result = Awaited<ReturnType<typeof runScenario>>;

function report(results: Result[], loadBefore: number[]): string {
  const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
  const row = (r: Result, label: string, p: Phase) =>
    `| ${r.scenario.name} | ${label} | ${r.scenario.clients} | ${r.scenario.companies} | ${r.scenario.admins} | ${r.scenario.rate} | ${f(p.achievedRate)} | ` +
    `${p.delivered}/${p.expected} | ${f(p.p50)} | ${f(p.p99)} | ${f(p.max)} | ${f(p.spreadP99)} | ${f(p.sendP50)} / ${f(p.sendP99)} | ` +
    `${f(r.rssBare, 0)} / ${f(r.rssConnected, 0)} / ${f(p.rssPeak, 0)} | ${f(p.serverCpu, 0)}% | ${f(r.connectSeconds)} | ` +
    `${p.failures.length ? `${p.failures.length} (${[...new Set(p.failures)].join(", ")})` : 0} |`;
  return [
    "# SSE fan-out benchmark",
    "",
    `Run ${new Date().toISOString()} with \`npx tsx bench/sse-fanout.ts\` on ${cpus().length} CPU(s) (${cpus()[0]?.model ?? "unknown"}), ` +
      `Node ${process.version}, PostgreSQL on loopback. Load average before the run: ${loadBefore.map((l) => l.toFixed(1)).join(", ")}.`,
    "",
    "Server: `src/server/index.ts` in a child process (NODE_ENV=production, pool of 10). Clients: one socket each, in the",
    "benchmark process on the same machine, so client parsing competes with the server (and PostgreSQL) for the same cores.",
    "",
    "- **POST (end to end)**: an admin sends each message with POST /api/messages; latency runs from writing the request",
    "  to a client having parsed the `change` event (session lookup, insert, NOTIFY, LISTEN, SSE write, client parse).",
    "- **NOTIFY (realtime path)**: the benchmark NOTIFYs `portico_events` directly; latency runs from sending the NOTIFY",
    "  to the client having parsed the event.",
    "- Fan-out spread: from the first client receiving a message to each other client receiving it.",
    "- Send p50/p99: the POST's (or the NOTIFY's) own round trip.",
    "",
    "| scenario | sender | clients | companies | admin streams | target msg/s | sent msg/s | delivered/expected | p50 ms | p99 ms | max ms | fan-out spread p99 ms | send p50 / p99 ms | server RSS no clients / connected / peak MB | server CPU (100% = 1 core) | connect s | send failures |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...results.flatMap((r) => [row(r, "POST", r.endToEnd), row(r, "NOTIFY", r.realtimeOnly)]),
    "",
  ].join("\n");
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("Set DATABASE_URL to a PostgreSQL server (a throwaway database is created on it).");
  const limit = setTimeout(() => {
    console.error(`benchmark exceeded --max-seconds=${args["max-seconds"]}; aborting`);
    process.exit(2);
  }, Number(args["max-seconds"]) * 1000);
  limit.unref();
  const loadBefore = loadavg();
  const results: Result[] = [];
  for (const scenario of scenarios()) {
    console.log(`running ${JSON.stringify(scenario)}`);
    const result = await runScenario(adminUrl, scenario);
    console.log(JSON.stringify(result));
    results.push(result);
  }
  const out = new URL("./results/sse-fanout.md", import.meta.url);
  mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
  writeFileSync(out, report(results, loadBefore));
  console.log(report(results, loadBefore));
  clearTimeout(limit);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
