/**
 * SSE fan-out benchmark: N event-stream clients over M companies, an admin sending messages at a
 * fixed rate, delivery latency from "POST sent" to "change event parsed" at each client that may
 * see it, and the server's memory and CPU. Run by hand (not a test):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sse-fanout.ts [--scenario modest|target|both]
 *     [--clients N --companies M --admins A --rate R --duration S] [--pairs P --pair-duration S] [--pairs-only]
 *     [--cpu-prof DIR]
 *
 * DATABASE_URL is only used to create (and drop afterwards) a throwaway database on that server;
 * the server under test is the real `src/server/index.ts` in a child process on 127.0.0.1.
 * Everything stays on loopback and the run is bounded by --max-seconds (default 600).
 * Writes bench/results/sse-fanout.md.
 *
 * Issue 21's targets come from the side-by-side pairs: ours (POST /api/messages) and a bare
 * node:http + pg server doing the same statements (bench/lib/bare-message-server.ts), alternated
 * while the same streams stay connected to ours. `realtimeTargets()` runs just those for another
 * script's summary (bench/api.ts).
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "../src/server/db/client";
import { companies, companyUsers, profiles, sessions, userRoles } from "../src/server/db/schema";
import { spawnServer, type ChildServer } from "../src/server/test/realtime/child-server";
import { SseParser } from "../src/server/test/realtime/sse-client";
import { startProcessServer, type BenchServer } from "./lib/server";

export interface Scenario {
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

/** Issue 21: ours' POST p99 at most this many times the bare server's, measured side by side. */
export const RATIO_TARGET = 2;
/** Issue 21: end to end p99 at most the POST's own p99 plus this. */
export const END_TO_END_MARGIN_MS = 10;

function cliArgs() {
  return parseArgs({
    options: {
      scenario: { type: "string", default: "modest" },
      clients: { type: "string" },
      companies: { type: "string" },
      admins: { type: "string" },
      rate: { type: "string" },
      duration: { type: "string" },
      pairs: { type: "string", default: "3" },
      "pair-duration": { type: "string", default: "10" },
      "pairs-only": { type: "boolean", default: false },
      "cpu-prof": { type: "string" },
      "max-seconds": { type: "string", default: "600" },
    },
  }).values;
}
type CliArgs = ReturnType<typeof cliArgs>;

const COOKIE = "portico.session_token";
const WARMUP_MS = 3000;
const DRAIN_MS = 2000;
const SETTLE_MS = 30_000;

function scenarios(args: CliArgs): Scenario[] {
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
  const cookies: { companyId: string | null; cookie: string; userId: string }[] = [];
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
    chunk.forEach((p, k) => cookies.push({ companyId: p.companyId, cookie: sessionCookie(tokens[k]!, secret), userId: users[k]!.id }));
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
export interface Phase {
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
  /** CPU of the bare server answering the sends: its phases only (NaN otherwise). */
  bareCpu: number;
  /** The database's backends waiting on a lock (another transaction's row), sampled every 20 ms while sending: mean and most. */
  lockWaitsMean: number;
  lockWaitsMax: number;
}

/** Every latency a phase saw, so that phases side by side can be pooled. */
interface Samples {
  sends: number[];
  deliveries: number[];
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
    if (!sent) return; // warm-up traffic, or a message of an earlier phase
    this.delivered += 1;
    this.latencies.push(at - sent.at);
    sent.first ??= at;
    this.spreads.push(at - sent.first);
  };
}

type Sender = (id: string, companyId: string, done: (error?: string) => void) => void;

/**
 * An open loop at `rate` per second for `ms`, never more than 500 sends outstanding. `settled`
 * resolves once every send has answered, so that the next phase does not start on this one's backlog.
 */
async function drive(rate: number, ms: number, companyIds: string[], send: Sender, tracker: Tracker | undefined, recipients: (companyId: string) => number) {
  const sendLatencies: number[] = [];
  const failures: string[] = [];
  let inFlight = 0;
  let sent = 0;
  let sending = true;
  let markSettled!: () => void;
  const settled = new Promise<void>((resolve) => (markSettled = resolve));
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
        if (!sending && inFlight === 0) markSettled();
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  sending = false;
  if (inFlight === 0) markSettled();
  return { sent, seconds: (performance.now() - start) / 1000, sendLatencies, failures, settled };
}

/** Waits for a phase's last sends to answer, at most SETTLE_MS. */
const settle = (run: { settled: Promise<void> }) => Promise.race([run.settled, new Promise((resolve) => setTimeout(resolve, SETTLE_MS))]);

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** What the clients' callbacks report to: a new tracker per phase, so late arrivals of the last one are not counted. */
interface Live {
  tracker: Tracker;
}

/** Counts the database's backends that wait on a lock, every 20 ms until stopped (one query at a time). */
function sampleLockWaits(client: pg.Client) {
  let stopped = false;
  let samples = 0;
  let total = 0;
  let most = 0;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ waiting: number }>(
        "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      const waiting = rows[0]?.waiting ?? 0;
      samples += 1;
      total += waiting;
      most = Math.max(most, waiting);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop.catch(() => {});
      return { mean: samples ? total / samples : NaN, max: samples ? most : NaN };
    },
  };
}

interface Measured {
  pids: { server: number; bare?: number };
  /** A connection of its own to the benchmark's database, for the lock-wait samples. */
  monitor: pg.Client;
  rate: number;
  seconds: number;
  companyIds: string[];
  send: Sender;
  recipients: (companyId: string) => number;
}

async function measure(live: Live, { pids, monitor, rate, seconds, companyIds, send, recipients }: Measured): Promise<{ phase: Phase; samples: Samples }> {
  await settle(await drive(rate, WARMUP_MS, companyIds, send, undefined, recipients));
  const tracker = new Tracker();
  live.tracker = tracker;
  const before = processStats(pids.server);
  const bareBefore = pids.bare ? processStats(pids.bare) : undefined;
  let rssPeak = before.rssMb;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, processStats(pids.server).rssMb);
  }, 250);
  const start = performance.now();
  const locks = sampleLockWaits(monitor);
  const run = await drive(rate, seconds * 1000, companyIds, send, tracker, recipients);
  const lockWaits = await locks.stop();
  await settle(run);
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  clearInterval(sampler);
  const after = processStats(pids.server);
  const elapsed = (performance.now() - start) / 1000;
  // /proc ticks are 1/100 s; 100% = one core busy.
  const cpu = (ticks: number) => (ticks / 100 / elapsed) * 100;
  const latencies = sorted(tracker.latencies);
  const sends = sorted(run.sendLatencies);
  const phase: Phase = {
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
    serverCpu: cpu(after.cpuTicks - before.cpuTicks),
    bareCpu: pids.bare && bareBefore ? cpu(processStats(pids.bare).cpuTicks - bareBefore.cpuTicks) : NaN,
    lockWaitsMean: lockWaits.mean,
    lockWaitsMax: lockWaits.max,
  };
  return { phase, samples: { sends, deliveries: latencies } };
}

/** One side's phases of the side-by-side run, their samples pooled. */
export interface Pooled {
  sent: number;
  delivered: number;
  expected: number;
  failures: number;
  sendP50: number;
  sendP99: number;
  /** End to end: from writing the request to a client having parsed the event (through our server for both sides). */
  p50: number;
  p99: number;
}

export interface SideBySide {
  pairSeconds: number;
  /** In the order run: each pair's first phase alternates between ours and bare. */
  pairs: { first: "ours" | "bare"; ours: Phase; bare: Phase; ratio: number }[];
  ours: Pooled;
  bare: Pooled;
  /** ours' POST p99 / bare's POST p99, every pair's sends pooled per side. */
  ratio: number;
  medianPairRatio: number;
  /** ours' POST p99 + END_TO_END_MARGIN_MS. */
  endToEndLimitMs: number;
  heldRatio: boolean;
  heldEndToEnd: boolean;
}

function pooled(phases: Phase[], samples: Samples[]): Pooled {
  const sends = sorted(samples.flatMap((s) => s.sends));
  const deliveries = sorted(samples.flatMap((s) => s.deliveries));
  const sum = (pick: (p: Phase) => number) => phases.reduce((total, p) => total + pick(p), 0);
  return {
    sent: sum((p) => p.sent),
    delivered: sum((p) => p.delivered),
    expected: sum((p) => p.expected),
    failures: sum((p) => p.failures.length),
    sendP50: percentile(sends, 50),
    sendP99: percentile(sends, 99),
    p50: percentile(deliveries, 50),
    p99: percentile(deliveries, 99),
  };
}

export interface RunOptions {
  /** The long POST and NOTIFY phases (the scenario's duration each). */
  full: boolean;
  /** Side-by-side pairs of ours and the bare server; 0 for none. */
  pairs: number;
  pairSeconds: number;
  /** Where the server under test writes a V8 CPU profile when it stops (bench/lib/cpu-profile.mjs). */
  cpuProfDir?: string | undefined;
  log: (line: string) => void;
}

const BARE_SERVER = fileURLToPath(new URL("./lib/bare-message-server.ts", import.meta.url));
const CPU_PROFILE_PRELOAD = new URL("./lib/cpu-profile.mjs", import.meta.url).href;

export async function runScenario(adminUrl: string, scenario: Scenario, options: RunOptions) {
  const dbName = `portico_ssebench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const secret = randomBytes(32).toString("base64url");
  let server: ChildServer | undefined;
  let bareServer: BenchServer | undefined;
  let notifier: pg.Client | undefined;
  let monitor: pg.Client | undefined;
  const clients: Client[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const bareAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  try {
    // --cpu-prof is refused in NODE_OPTIONS and the server's own flags are the test helper's: a preload profiles it instead.
    const profiling: Record<string, string> = options.cpuProfDir
      ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${CPU_PROFILE_PRELOAD}`.trim(), BENCH_CPU_PROF_DIR: resolve(options.cpuProfDir) }
      : {};
    server = await spawnServer({ DATABASE_URL: url.toString(), AUTH_SECRET: secret, NODE_ENV: "production", ...profiling });
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
    const live: Live = { tracker: new Tracker() };
    const idle = processStats(server.pid);
    const connectStart = performance.now();
    await inBatches(plan, 200, async (p) => {
      const client = connect(baseUrl, p.cookie, p.companyId, (id, at) => live.tracker.onChange(id, at));
      clients.push(client);
      await client.ready;
    });
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const connected = processStats(server.pid);
    options.log(`${plan.length} streams connected in ${connectSeconds.toFixed(1)} s`);

    // End to end: an admin POSTs each message (with a client-generated id) over keep-alive sockets.
    const senderCookie = seeded.admins[0]!.cookie;
    const poster = (target: string, via: http.Agent): Sender => (id, companyId, done) => {
      const body = JSON.stringify({ id, companyId, content: `bench ${id}` });
      const headers = { cookie: senderCookie, "content-type": "application/json", origin: baseUrl, "content-length": Buffer.byteLength(body) };
      const request = http.request(target, { method: "POST", agent: via, headers }, (response) => {
        response.resume();
        response.on("end", () => done(response.statusCode === 201 ? undefined : `HTTP ${response.statusCode}`));
      });
      request.on("error", (error) => done(error.message));
      request.end(body);
    };
    const post = poster(`${baseUrl}/api/messages`, agent);
    monitor = new pg.Client({ connectionString: url.toString() });
    await monitor.connect();
    const watcher = monitor;
    const phase = (send: Sender, seconds: number, barePid?: number) =>
      measure(live, { pids: { server: server!.pid, ...(barePid ? { bare: barePid } : {}) }, monitor: watcher, rate: scenario.rate, seconds, companyIds: seeded.companyIds, send, recipients });

    let endToEnd: Phase | undefined;
    let realtimeOnly: Phase | undefined;
    if (options.full) {
      endToEnd = (await phase(post, scenario.duration)).phase;
      options.log(`POST: p99 ${endToEnd.p99.toFixed(1)} ms, send p99 ${endToEnd.sendP99.toFixed(1)} ms`);

      // The realtime path alone: NOTIFY straight into the channel, as a committed write would.
      notifier = new pg.Client({ connectionString: url.toString() });
      await notifier.connect();
      const client = notifier;
      const notify: Sender = (id, companyId, done) => {
        client.query("select pg_notify('portico_events', $1)", [JSON.stringify({ kind: "message", companyId, id })]).then(
          () => done(),
          (error: Error) => done(error.message),
        );
      };
      realtimeOnly = (await phase(notify, scenario.duration)).phase;
      options.log(`NOTIFY: p99 ${realtimeOnly.p99.toFixed(1)} ms`);
    }

    // Side by side: ours and the bare server, alternating which goes first, the same streams on ours.
    let sideBySide: SideBySide | undefined;
    if (options.pairs > 0) {
      bareServer = await startProcessServer({
        args: ["--import", "tsx", BARE_SERVER],
        env: { DATABASE_URL: url.toString(), BARE_SENDER_ID: seeded.admins[0]!.userId, POOL_SIZE: "10" },
        readyPath: "/ready",
      });
      const barePost = poster(`${bareServer.baseUrl}/messages`, bareAgent);
      const barePid = bareServer.pid;
      const pairs: SideBySide["pairs"] = [];
      const samples = { ours: [] as Samples[], bare: [] as Samples[] };
      for (let i = 0; i < options.pairs; i++) {
        const first = i % 2 === 0 ? "ours" : "bare";
        const got: Partial<Record<"ours" | "bare", Phase>> = {};
        for (const side of first === "ours" ? (["ours", "bare"] as const) : (["bare", "ours"] as const)) {
          const measured = side === "ours" ? await phase(post, options.pairSeconds) : await phase(barePost, options.pairSeconds, barePid);
          got[side] = measured.phase;
          samples[side].push(measured.samples);
        }
        const ratio = got.ours!.sendP99 / got.bare!.sendP99;
        pairs.push({ first, ours: got.ours!, bare: got.bare!, ratio });
        options.log(`pair ${i + 1}: ours POST p99 ${got.ours!.sendP99.toFixed(1)} ms, bare ${got.bare!.sendP99.toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
      }
      const ours = pooled(pairs.map((p) => p.ours), samples.ours);
      const barePooled = pooled(pairs.map((p) => p.bare), samples.bare);
      const ratio = ours.sendP99 / barePooled.sendP99;
      const endToEndLimitMs = ours.sendP99 + END_TO_END_MARGIN_MS;
      sideBySide = {
        pairSeconds: options.pairSeconds,
        pairs,
        ours,
        bare: barePooled,
        ratio,
        medianPairRatio: percentile(sorted(pairs.map((p) => p.ratio)), 50),
        endToEndLimitMs,
        heldRatio: ratio <= RATIO_TARGET,
        heldEndToEnd: ours.p99 <= endToEndLimitMs,
      };
    }
    return { scenario, connectSeconds, rssBare: idle.rssMb, rssConnected: connected.rssMb, endToEnd, realtimeOnly, sideBySide };
  } finally {
    agent.destroy();
    bareAgent.destroy();
    for (const client of clients) client.request.destroy();
    await notifier?.end().catch(() => {});
    await monitor?.end().catch(() => {});
    await bareServer?.stop();
    await server?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

export type ScenarioResult = Awaited<ReturnType<typeof runScenario>>;

export interface RealtimeTargetsOptions {
  /** A PostgreSQL server: a throwaway database is created on it and dropped afterwards. */
  databaseUrl: string;
  /** Side-by-side pairs of ours and bare (default 3), each phase `pairSeconds` long (default 10). */
  pairs?: number;
  pairSeconds?: number;
  /** Changes to the target scenario (5,000 streams, 1,000 companies, 200 messages/s). */
  scenario?: Partial<Omit<Scenario, "name">>;
  log?: (line: string) => void;
}

/** Issue 21's figures, from the side-by-side pairs of one run. */
export interface RealtimeTargets {
  scenario: Scenario;
  /** 1, 5 and 15 minute load averages when the run started and when it ended. */
  loadBefore: number[];
  loadAfter: number[];
  pairs: number;
  pairSeconds: number;
  /** POST /api/messages' own round trip, every pair pooled. */
  postP50Ms: number;
  postP99Ms: number;
  /** The bare node:http + pg server's round trip for the same statements. */
  bareP50Ms: number;
  bareP99Ms: number;
  /** postP99Ms / bareP99Ms; target ≤ RATIO_TARGET. */
  ratio: number;
  pairRatios: number[];
  /** Ours: from writing the POST to a client having parsed the event. */
  endToEndP50Ms: number;
  endToEndP99Ms: number;
  /** postP99Ms + END_TO_END_MARGIN_MS: the target for endToEndP99Ms. */
  endToEndLimitMs: number;
  /** The bare server's messages, delivered by ours: the same path after the NOTIFY. */
  bareEndToEndP99Ms: number;
  delivered: number;
  expected: number;
  /** Sends that did not answer 201, both sides. */
  failures: number;
  heldRatio: boolean;
  heldEndToEnd: boolean;
}

/** Runs the target scenario's side-by-side pairs only (no long POST and NOTIFY phases) and answers the figures. */
export async function realtimeTargets(options: RealtimeTargetsOptions): Promise<RealtimeTargets> {
  const scenario: Scenario = { ...presets.target!, ...options.scenario };
  const pairs = options.pairs ?? 3;
  const pairSeconds = options.pairSeconds ?? 10;
  if (pairs < 1) throw new Error("realtimeTargets needs at least one pair");
  const loadBefore = loadavg();
  const result = await runScenario(options.databaseUrl, scenario, { full: false, pairs, pairSeconds, log: options.log ?? (() => {}) });
  const s = result.sideBySide!;
  return {
    scenario,
    loadBefore,
    loadAfter: loadavg(),
    pairs,
    pairSeconds,
    postP50Ms: s.ours.sendP50,
    postP99Ms: s.ours.sendP99,
    bareP50Ms: s.bare.sendP50,
    bareP99Ms: s.bare.sendP99,
    ratio: s.ratio,
    pairRatios: s.pairs.map((p) => p.ratio),
    endToEndP50Ms: s.ours.p50,
    endToEndP99Ms: s.ours.p99,
    endToEndLimitMs: s.endToEndLimitMs,
    bareEndToEndP99Ms: s.bare.p99,
    delivered: s.ours.delivered + s.bare.delivered,
    expected: s.ours.expected + s.bare.expected,
    failures: s.ours.failures + s.bare.failures,
    heldRatio: s.heldRatio,
    heldEndToEnd: s.heldEndToEnd,
  };
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
const failuresOf = (p: Phase) => (p.failures.length ? `${p.failures.length} (${[...new Set(p.failures)].join(", ")})` : "0");

function report(results: ScenarioResult[], loadBefore: number[], loadAfter: number[]): string {
  const row = (r: ScenarioResult, label: string, p: Phase) =>
    `| ${r.scenario.name} | ${label} | ${r.scenario.clients} | ${r.scenario.companies} | ${r.scenario.admins} | ${r.scenario.rate} | ${f(p.achievedRate)} | ` +
    `${p.delivered}/${p.expected} | ${f(p.p50)} | ${f(p.p99)} | ${f(p.max)} | ${f(p.spreadP99)} | ${f(p.sendP50)} / ${f(p.sendP99)} | ` +
    `${f(r.rssBare, 0)} / ${f(r.rssConnected, 0)} / ${f(p.rssPeak, 0)} | ${f(p.serverCpu, 0)}% | ${f(r.connectSeconds)} | ${f(p.lockWaitsMean, 2)} / ${f(p.lockWaitsMax, 0)} | ${failuresOf(p)} |`;
  const full = results.filter((r) => r.endToEnd && r.realtimeOnly);
  const sides = results.filter((r) => r.sideBySide);
  const pairRow = (r: ScenarioResult, pair: number, side: "ours" | "bare", p: Phase) =>
    `| ${r.scenario.name} | ${pair} | ${side === "ours" ? "ours (POST /api/messages)" : "bare (node:http + pg)"} | ${f(p.achievedRate)} | ${p.delivered}/${p.expected} | ` +
    `${f(p.sendP50)} / ${f(p.sendP99)} | ${f(p.p50)} / ${f(p.p99)} / ${f(p.max)} | ${f(p.serverCpu, 0)}% | ${side === "bare" ? `${f(p.bareCpu, 0)}%` : "–"} | ` +
    `${f(p.lockWaitsMean, 2)} / ${f(p.lockWaitsMax, 0)} | ${failuresOf(p)} |`;
  const held = (ok: boolean) => (ok ? "held" : "**FAIL**");
  return [
    "# SSE fan-out benchmark",
    "",
    `Run ${new Date().toISOString()} with \`npx tsx bench/sse-fanout.ts\` on ${cpus().length} CPU(s) (${cpus()[0]?.model ?? "unknown"}), ` +
      `Node ${process.version}, PostgreSQL on loopback. Load average before the run: ${loadBefore.map((l) => l.toFixed(1)).join(", ")}; ` +
      `after it: ${loadAfter.map((l) => l.toFixed(1)).join(", ")}.`,
    "",
    "Server: `src/server/index.ts` in a child process (NODE_ENV=production, pool of 10). Clients: one socket each, in the",
    "benchmark process on the same machine, so client parsing competes with the server (and PostgreSQL) for the same cores.",
    "",
    ...(full.length
      ? [
          "- **POST (end to end)**: an admin sends each message with POST /api/messages; latency runs from writing the request",
          "  to a client having parsed the `change` event (session lookup, insert, NOTIFY, LISTEN, SSE write, client parse).",
          "- **NOTIFY (realtime path)**: the benchmark NOTIFYs `portico_events` directly; latency runs from sending the NOTIFY",
          "  to the client having parsed the event.",
          "- Fan-out spread: from the first client receiving a message to each other client receiving it.",
          "- Send p50/p99: the POST's (or the NOTIFY's) own round trip.",
          "- Lock waits: the benchmark database's backends waiting on another transaction's lock, sampled every 20 ms while sending.",
          "",
          "| scenario | sender | clients | companies | admin streams | target msg/s | sent msg/s | delivered/expected | p50 ms | p99 ms | max ms | fan-out spread p99 ms | send p50 / p99 ms | server RSS no clients / connected / peak MB | server CPU (100% = 1 core) | connect s | lock waits mean / max | send failures |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
          ...full.flatMap((r) => [row(r, "POST", r.endToEnd!), row(r, "NOTIFY", r.realtimeOnly!)]),
          "",
        ]
      : []),
    ...(sides.length
      ? [
          "## Ours beside a bare server (issue 21)",
          "",
          "The same streams stay connected to ours while messages are sent, at the scenario's rate, alternately to ours",
          "(`POST /api/messages`) and to `bench/lib/bare-message-server.ts`: `node:http` + `pg.Pool` (10), no framework,",
          "session or validation, running the statements our send runs (one transaction: the message, its notifications, its",
          "webhook deliveries; then `pg_notify` on `portico_events`). Our server delivers both sides' events, so end to end",
          "runs through it for both. Each pair's first phase alternates between the two; each phase has its own warm-up and drain.",
          "Pooled figures take every pair's samples of one side together.",
          "",
          `Targets: ours' POST p99 ≤ ${RATIO_TARGET} × bare's POST p99; ours' end to end p99 ≤ ours' POST p99 + ${END_TO_END_MARGIN_MS} ms.`,
          "",
          "| scenario | pairs × s | ours POST p50 / p99 ms | bare POST p50 / p99 ms | p99 ratio (pairs) | ratio ≤ 2 | ours end to end p50 / p99 ms | POST p99 + 10 ms | end to end | bare end to end p99 ms | delivered/expected | send failures |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|",
          ...sides.map((r) => {
            const s = r.sideBySide!;
            return (
              `| ${r.scenario.name} | ${s.pairs.length} × ${s.pairSeconds} | ${f(s.ours.sendP50)} / ${f(s.ours.sendP99)} | ${f(s.bare.sendP50)} / ${f(s.bare.sendP99)} | ` +
              `${f(s.ratio, 2)} (${s.pairs.map((p) => f(p.ratio, 2)).join(", ")}) | ${held(s.heldRatio)} | ${f(s.ours.p50)} / ${f(s.ours.p99)} | ${f(s.endToEndLimitMs)} | ${held(s.heldEndToEnd)} | ` +
              `${f(s.bare.p99)} | ${s.ours.delivered + s.bare.delivered}/${s.ours.expected + s.bare.expected} | ${s.ours.failures + s.bare.failures} |`
            );
          }),
          "",
          "Each phase (server CPU: ours, which delivers every event; bare CPU: the bare server answering its sends; lock waits:",
          "the benchmark database's backends waiting on another transaction's lock, sampled every 20 ms while sending):",
          "",
          "| scenario | pair | sender | sent msg/s | delivered/expected | send p50 / p99 ms | end to end p50 / p99 / max ms | server CPU | bare CPU | lock waits mean / max | send failures |",
          "|---|---|---|---|---|---|---|---|---|---|---|",
          ...sides.flatMap((r) =>
            r.sideBySide!.pairs.flatMap((p, i) =>
              p.first === "ours" ? [pairRow(r, i + 1, "ours", p.ours), pairRow(r, i + 1, "bare", p.bare)] : [pairRow(r, i + 1, "bare", p.bare), pairRow(r, i + 1, "ours", p.ours)],
            ),
          ),
          "",
        ]
      : []),
  ].join("\n");
}

async function main() {
  const args = cliArgs();
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("Set DATABASE_URL to a PostgreSQL server (a throwaway database is created on it).");
  const limit = setTimeout(() => {
    console.error(`benchmark exceeded --max-seconds=${args["max-seconds"]}; aborting`);
    process.exit(2);
  }, Number(args["max-seconds"]) * 1000);
  limit.unref();
  const loadBefore = loadavg();
  const options: RunOptions = {
    full: !args["pairs-only"],
    pairs: Number(args.pairs),
    pairSeconds: Number(args["pair-duration"]),
    cpuProfDir: args["cpu-prof"],
    log: (line) => console.log(line),
  };
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios(args)) {
    console.log(`running ${JSON.stringify(scenario)}`);
    const result = await runScenario(adminUrl, scenario, options);
    console.log(JSON.stringify(result));
    results.push(result);
  }
  const text = report(results, loadBefore, loadavg());
  mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
  writeFileSync(new URL("./results/sse-fanout.md", import.meta.url), text);
  console.log(text);
  clearTimeout(limit);
}

// A script when run, a module when imported (bench/api.ts calls realtimeTargets).
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
