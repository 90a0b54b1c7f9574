/**
 * `npm run bench` (issues 7 and 21): the API side by side with a bare `node:http` + `pg` baseline,
 * on the large data set, ending in one table of every target and whether it holds.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench npm run seed:large
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench npm run bench
 *
 * In one run, all on 127.0.0.1, every server a child process that is stopped at the end:
 *   1. PostgreSQL (DATABASE_URL): cold start of the production server (`node dist/server/index.mjs`,
 *      built first when missing or stale) to the first 200 from /api/ready (median of 3 starts);
 *      RSS idle, peak under load and right after it.
 *   2. The baseline (bench/baseline-server.ts): one route per endpoint below, each running that
 *      endpoint's own row query and answering the same JSON. Its customer projects route at 1 and
 *      100 connections before and after ours, as reference rows of the machine's own drift.
 *   3. Each endpoint at 1 connection, then BENCH_PAIRS pairs at 100 connections: ours, then its own
 *      baseline route. A ratio (requests/s, p99) is the median of the pairs, with their spread.
 *   4. The public routes' CPU per request beside a list request's; page 1,000 of the admin ticket
 *      list by number and by cursor (bench/deep-page.ts).
 *   5. Database statements per request, counted exactly by a wire-protocol proxy
 *      (bench/lib/pg-counter.ts) in front of PostgreSQL for a separate server process.
 *   6. PGlite: a temporary DATA_DIR seeded with SEED_SCALE=PGLITE_SEED_SCALE (default 0.01), cold
 *      reopen (median of 3) and the same list endpoints.
 *   7. The realtime write at 5,000 streams (bench/sse-fanout.ts's target scenario).
 * Writes bench/results/latest.md, api-<time>.md with api-<time>.summary.json (held against earlier
 * runs of the same commit), and latest.json, and prints the tables.
 *
 * BENCH_SECONDS (default 5) per measured cell, each after a 1 s unrecorded warm-up; BENCH_PAIRS
 * (default 5, as in the two runs that agreed within 0.1); BENCH_MAX_SECONDS (default 3600) bounds the whole run. Exit code 1 when a request
 * failed (any non-2xx answer or connection error under load) or the run could not complete;
 * targets that do not hold are reported, not an exit code (targets are checked by benchmarks that
 * print, never by timed tests).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { DEEP_PAGE, measureDeepPage } from "./deep-page";
import { END_TO_END_MARGIN_MS, RATIO_TARGET, realtimeTargets, type RealtimeTargets } from "./sse-fanout";
import { measure, type LoadResult } from "./lib/load";
import { median } from "./lib/median";
import { startPgCounter } from "./lib/pg-counter";
import { ensureBenchServerBuilt, readCpuMs, readRssMb, sampleRss, signIn, startBenchServer, startProcessServer, type BenchServer, type EnvOverrides } from "./lib/server";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to the PostgreSQL database seeded with `npm run seed:large`, e.g.\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench npm run bench");
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const maxSeconds = Number(process.env.BENCH_MAX_SECONDS ?? 3600);
const pgliteScale = process.env.PGLITE_SEED_SCALE ?? "0.01";
const WARMUP_SECONDS = 1;
const CONNECTIONS = [1, 100] as const;
const COLD_STARTS = 3;
const COUNT_REQUESTS = 20;
/** Ours and its baseline in turn at 100 connections, this many times per endpoint (issue 21: at least 3). */
const PAIRS = Math.max(1, Number(process.env.BENCH_PAIRS ?? 5));

// Deterministic ids of scripts/seed-large.ts: namespace letter + row number.
const seedId = (ns: string, n: number) => `${ns}0000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const SEED_PASSWORD = "seed-password-1";
const CUSTOMER_EMAIL = "customer1@seed.portico.test"; // member of company 1
const ADMIN_EMAIL = "admin@seed.portico.test";
const COMPANY_ID = seedId("c", 1);

type Kind = "list" | "detail" | "session";
interface Endpoint {
  name: string;
  as: "customer" | "admin";
  kind: Kind;
  path: string;
  /** The baseline server's route running this endpoint's row query (bench/baseline-server.ts). */
  baseline: string;
}

const listEndpoints: Endpoint[] = [
  { name: "projects", as: "customer", kind: "list", path: "/api/projects", baseline: "/customer/projects" },
  { name: "tickets", as: "customer", kind: "list", path: "/api/tickets", baseline: "/customer/tickets" },
  { name: "invoices", as: "customer", kind: "list", path: "/api/invoices", baseline: "/customer/invoices" },
  { name: "messages", as: "customer", kind: "list", path: "/api/messages", baseline: "/customer/messages" },
  { name: "companies (customers)", as: "admin", kind: "list", path: "/api/companies", baseline: "/admin/companies" },
  { name: "projects", as: "admin", kind: "list", path: "/api/projects", baseline: "/admin/projects" },
  { name: "tickets", as: "admin", kind: "list", path: "/api/tickets", baseline: "/admin/tickets" },
  { name: "invoices", as: "admin", kind: "list", path: "/api/invoices", baseline: "/admin/invoices" },
  { name: "conversations", as: "admin", kind: "list", path: "/api/messages/conversations", baseline: "/admin/conversations" },
];
// Company 1's rows: project 1, ticket 1 (of project 1), invoice 1.
const detail = (name: string, resource: string, id: string): Endpoint => ({
  name,
  as: "customer",
  kind: "detail",
  path: `/api/${resource}/${id}`,
  baseline: `/customer/${resource}/${id}`,
});
const detailEndpoints: Endpoint[] = [
  detail("project", "projects", seedId("d", 1)),
  detail("ticket", "tickets", seedId("e", 1)),
  detail("invoice", "invoices", seedId("9", 1)),
  detail("company", "companies", COMPANY_ID),
];
const meEndpoint: Endpoint = { name: "me", as: "customer", kind: "session", path: "/api/me", baseline: "/customer/me" };
/**
 * BENCH_ONLY (comma-separated parts of "as name", e.g. "customer me,company") measures only those
 * endpoints and skips PGlite: a quick look while working on one endpoint, not a report of the targets.
 */
const only = process.env.BENCH_ONLY?.split(",").map((part) => part.trim()).filter(Boolean);
const chosen = (endpoint: Endpoint) => !only || only.some((part) => `${endpoint.as} ${endpoint.name}`.includes(part));

/** The baseline route of the two whole runs listed as reference rows. */
const REFERENCE_BASELINE = "/customer/projects";

// ---- run bookkeeping -------------------------------------------------------------------------

const startedAt = new Date();
const loadAtStart = loadavg();
const cleanups: Array<() => void> = [];
process.once("exit", () => {
  for (const cleanup of cleanups) cleanup();
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
setTimeout(() => {
  console.error(`bench: aborted after BENCH_MAX_SECONDS=${maxSeconds}`);
  process.exit(1);
}, maxSeconds * 1000).unref();

const failures: string[] = [];
const log = (line: string) => console.log(line);

interface Cell extends LoadResult {
  /** CPU used by the server process during the cell, in % of one core. */
  serverCpuPct: number;
  /** CPU used by the PostgreSQL backends serving this database during the cell (PostgreSQL mode). */
  dbCpuPct?: number | undefined;
}

/**
 * CPU of the PostgreSQL backends connected to the benchmark database (from /proc: the server runs
 * on this machine), the benchmark's own monitoring connection excluded.
 */
class BackendCpu {
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string): Promise<BackendCpu> {
    const client = new pg.Client({ connectionString: url, application_name: "portico-bench-monitor" });
    await client.connect();
    return new BackendCpu(client);
  }

  private async pids(): Promise<number[]> {
    const { rows } = await this.client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
    );
    return rows.map((r) => r.pid);
  }

  async start(): Promise<() => Promise<number>> {
    const before = new Map((await this.pids()).map((pid) => [pid, readCpuMs(pid)]));
    return async () => {
      let used = 0;
      for (const pid of await this.pids()) used += readCpuMs(pid) - (before.get(pid) ?? 0);
      return used;
    };
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/** Waits (10 s at most) until queued work from a previous cell has drained: the readiness path answers fast again. */
async function settle(baseUrl: string, readyPath: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const t = performance.now();
    const response = await fetch(baseUrl + readyPath).catch(() => null);
    await response?.arrayBuffer();
    if (response?.status === 200 && performance.now() - t < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function probe(baseUrl: string, path: string, headers: Record<string, string>, label: string): Promise<string> {
  const response = await fetch(baseUrl + path, { headers });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${label}: GET ${path} answered ${response.status}: ${body.slice(0, 300)}`);
  return body;
}

/**
 * Whether the baseline answers what ours answers, `total`/`totalExact` aside (the baseline counts
 * nothing): null when equal, else where the two first differ.
 */
function answerDifference(ours: string, baseline: string): string | null {
  const normal = (body: string) => {
    const value = JSON.parse(body) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const { total: _total, totalExact: _exact, ...rest } = value as Record<string, unknown>;
      return JSON.stringify(rest);
    }
    return JSON.stringify(value);
  };
  const [a, b] = [normal(ours), normal(baseline)];
  if (a === b) return null;
  let i = 0;
  while (a[i] === b[i]) i++;
  return `ours …${a.slice(Math.max(0, i - 40), i + 60)}… baseline …${b.slice(Math.max(0, i - 40), i + 60)}…`;
}

interface CellOptions {
  rss?: { peak: number } | undefined;
  backendCpu?: BackendCpu | undefined;
}

/** One measured cell (after the server drained the last one and a warm-up); failures are recorded and the run goes on. */
async function measureCell(server: BenchServer, label: string, path: string, headers: Record<string, string>, readyPath: string, connections: number, options: CellOptions = {}): Promise<Cell> {
  await settle(server.baseUrl, readyPath);
  const sampler = connections > 1 && options.rss ? sampleRss(server.pid) : null;
  if (WARMUP_SECONDS) await measure(label, server.baseUrl + path, { connections, seconds: WARMUP_SECONDS, headers });
  const dbCpuDone = await options.backendCpu?.start();
  const cpuBefore = readCpuMs(server.pid);
  const t = performance.now();
  const row = await measure(label, server.baseUrl + path, { connections, seconds, headers });
  const elapsed = (performance.now() - t) / 1000;
  const serverCpuPct = Math.round((readCpuMs(server.pid) - cpuBefore) / elapsed / 10);
  const dbCpuPct = dbCpuDone ? Math.round((await dbCpuDone()) / elapsed / 10) : undefined;
  if (sampler && options.rss) options.rss.peak = Math.max(options.rss.peak, sampler.stop());
  log(
    `  ${label.padEnd(40)} @${String(connections).padEnd(3)} ${String(row.requestsPerSec).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  CPU server ${serverCpuPct}%${dbCpuPct === undefined ? "" : ` db ${dbCpuPct}%`}  errors ${row.errors}  non-2xx ${row.non2xx}`,
  );
  if (row.non2xx > 0 || row.errors > 0 || row.requests === 0) {
    const message = `${label} @${connections}: ${row.requests} answers within the ${seconds} s cell, ${row.non2xx} non-2xx, ${row.errors} connection errors (${row.timeouts} timeouts), statuses ${JSON.stringify(row.statusCodes)}`;
    console.error(`\n!!! FAILED REQUESTS: ${message}\n`);
    failures.push(message);
  }
  return { ...row, serverCpuPct, dbCpuPct };
}

/** One endpoint at each connection count. */
async function measureEndpoint(server: BenchServer, label: string, path: string, headers: Record<string, string>, readyPath: string, connectionCounts: readonly number[] = CONNECTIONS, options: CellOptions = {}): Promise<Cell[]> {
  await probe(server.baseUrl, path, headers, label);
  const cells: Cell[] = [];
  for (const connections of connectionCounts) cells.push(await measureCell(server, label, path, headers, readyPath, connections, options));
  return cells;
}

/** Ours and its baseline route at 100 connections, one right after the other. */
interface Pair {
  ours: Cell;
  baseline: Cell;
  /** ours ÷ baseline requests/s */
  ratio: number;
  /** ours ÷ baseline p99 */
  p99Ratio: number;
}

/** The median of the pairs and their spread: the figure a noisy machine cannot move much. */
export interface PairedFigure {
  median: number;
  min: number;
  max: number;
}

const paired = (values: number[]): PairedFigure => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

// ---- PostgreSQL ------------------------------------------------------------------------------

interface EndpointResult extends Endpoint {
  /** Ours at 1 connection, then ours at 100 connections in each pair. */
  cells: Cell[];
  /** Ours and its own baseline route at 100 connections, in turn (PAIRS times). */
  pairs?: Pair[];
  ratio?: PairedFigure;
  p99Ratio?: PairedFigure;
  /** null when the baseline route answers the same JSON as ours (total/totalExact aside), else the first difference. */
  baselineAnswerDiffers?: string | null;
  statementsPerRequest?: number;
  roundTripsPerRequest?: number;
  /** The distinct SQL texts one request ran (JSON only). */
  sql?: string[];
}

async function datasetSizes(): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sizes: Record<string, number> = {};
    for (const table of ["companies", "profiles", "projects", "tickets", "invoices", "messages"]) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
      sizes[table] = Number(rows[0]!.n);
    }
    const { rows } = await client.query<{ server_version: string }>("show server_version");
    sizes.postgresVersion = Number.parseFloat(rows[0]!.server_version);
    return sizes;
  } finally {
    await client.end();
  }
}

async function postgresPhase() {
  const sizes = await datasetSizes();
  if ((sizes.projects ?? 0) < 1000) throw new Error(`DATABASE_URL holds ${sizes.projects} projects: seed it first with \`npm run seed:large\``);
  log(`Data set: ${JSON.stringify(sizes)}`);

  log(`\nPostgreSQL: ${COLD_STARTS} cold starts (spawn → first 200 from /api/ready)`);
  const coldStarts: number[] = [];
  const coldStartCpu: number[] = [];
  let server: BenchServer | undefined;
  for (let i = 0; i < COLD_STARTS; i++) {
    const s = await startBenchServer({ DATABASE_URL: databaseUrl });
    coldStarts.push(Math.round(s.coldStartMs));
    coldStartCpu.push(s.coldStartCpuMs);
    log(`  start ${i + 1}: ${Math.round(s.coldStartMs)} ms (CPU ${s.coldStartCpuMs} ms)`);
    if (i < COLD_STARTS - 1) await s.stop();
    else server = s;
  }
  const main = server!;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssIdle = main.rssMb();
  const rss = { peak: rssIdle };
  log(`  RSS idle after start: ${rssIdle.toFixed(0)} MiB`);

  const customerCookie = await signIn(main.baseUrl, CUSTOMER_EMAIL, SEED_PASSWORD);
  const adminCookie = await signIn(main.baseUrl, ADMIN_EMAIL, SEED_PASSWORD);
  const headersFor = (as: Endpoint["as"]) => ({ cookie: as === "admin" ? adminCookie : customerCookie });

  const baselineServer = await startProcessServer({
    args: ["--import", "tsx", "bench/baseline-server.ts"],
    env: { DATABASE_URL: databaseUrl, BASELINE_CUSTOMER_EMAIL: CUSTOMER_EMAIL },
    readyPath: "/ready",
  });
  const baselineRuns: Cell[][] = [];
  const endpoints: EndpointResult[] = [];
  const backendCpu = await BackendCpu.open(databaseUrl!);
  try {
    const referenceLabel = `baseline GET ${REFERENCE_BASELINE}`;
    log(`\nBaseline (node:http + pg, one route per endpoint running its row query): ${REFERENCE_BASELINE}, first run`);
    baselineRuns.push(await measureEndpoint(baselineServer, referenceLabel, REFERENCE_BASELINE, {}, "/ready", CONNECTIONS, { backendCpu }));

    log(`\nOurs on PostgreSQL: each endpoint at 1 connection, then ${PAIRS} pairs at 100 connections of ours and its own baseline route in turn`);
    for (const endpoint of [...listEndpoints, ...detailEndpoints, meEndpoint].filter(chosen)) {
      const label = `${endpoint.as} ${endpoint.path}`;
      const baselineLabel = `  baseline GET ${endpoint.baseline}`;
      const difference = answerDifference(
        await probe(main.baseUrl, endpoint.path, headersFor(endpoint.as), label),
        await probe(baselineServer.baseUrl, endpoint.baseline, {}, baselineLabel),
      );
      if (difference) console.error(`  ${label}: the baseline's answer differs from ours: ${difference}`);
      const cells = [await measureCell(main, label, endpoint.path, headersFor(endpoint.as), "/api/ready", 1, { backendCpu })];
      const pairs: Pair[] = [];
      for (let i = 0; i < PAIRS; i++) {
        const ours = await measureCell(main, label, endpoint.path, headersFor(endpoint.as), "/api/ready", 100, { rss, backendCpu });
        const baseline = await measureCell(baselineServer, baselineLabel, endpoint.baseline, {}, "/ready", 100, { backendCpu });
        cells.push(ours);
        pairs.push({ ours, baseline, ratio: ours.requestsPerSec / baseline.requestsPerSec, p99Ratio: ours.p99 / baseline.p99 });
      }
      const ratio = paired(pairs.map((p) => p.ratio));
      const p99Ratio = paired(pairs.map((p) => p.p99Ratio));
      log(`  → ${label}: ours / baseline ${ratio.median.toFixed(2)} (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}), p99 ${p99Ratio.median.toFixed(2)} (${p99Ratio.min.toFixed(2)}–${p99Ratio.max.toFixed(2)})`);
      endpoints.push({ ...endpoint, cells, pairs, ratio, p99Ratio, baselineAnswerDiffers: difference });
    }
    const rssAfterLoad = main.rssMb();

    log(`\nPublic routes: server CPU per request, one request at a time`);
    const publicRoutes = await publicRouteCosts(main, "/api/projects", headersFor("customer"));

    log(`\nA deep page: page ${DEEP_PAGE} of the admin ticket list by number (OFFSET) and by cursor, against page 1, at 1 connection`);
    const deepPage = only ? null : await measureDeepPage({ baseUrl: main.baseUrl, adminCookie, seconds, log: (line) => log(`  ${line}`) });

    log(`\nBaseline ${REFERENCE_BASELINE}, second run`);
    baselineRuns.push(await measureEndpoint(baselineServer, referenceLabel, REFERENCE_BASELINE, {}, "/ready", CONNECTIONS, { backendCpu }));

    await main.stop();
    await baselineServer.stop();

    log(`\nStatements per request (wire-protocol count, separate server process, ${COUNT_REQUESTS} sequential requests each)`);
    const queries = await countQueries([...endpoints], headersFor);
    return { sizes, coldStarts, coldStartCpu, rssIdle, rssAfterLoad, rssPeak: rss.peak, baselineRuns, endpoints, queries, publicRoutes, deepPage };
  } finally {
    await backendCpu.close().catch(() => {});
    await main.stop();
    await baselineServer.stop();
  }
}

async function countQueries(endpoints: EndpointResult[], headersFor: (as: Endpoint["as"]) => Record<string, string>) {
  const counter = await startPgCounter(databaseUrl!);
  const server = await startBenchServer({ DATABASE_URL: counter.url });
  try {
    const count = async (path: string, headers: Record<string, string>) => {
      for (let i = 0; i < 2; i++) await (await fetch(server.baseUrl + path, { headers })).arrayBuffer();
      counter.takeSql();
      await (await fetch(server.baseUrl + path, { headers })).arrayBuffer();
      const sql = counter.takeSql();
      const statements = counter.statements();
      const roundTrips = counter.roundTrips();
      for (let i = 0; i < COUNT_REQUESTS; i++) await (await fetch(server.baseUrl + path, { headers })).arrayBuffer();
      return {
        statements: (counter.statements() - statements) / COUNT_REQUESTS,
        roundTrips: (counter.roundTrips() - roundTrips) / COUNT_REQUESTS,
        sql,
      };
    };
    // Background work would be counted against requests: check there is none.
    const idleBefore = counter.statements();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleStatementsPerSecond = counter.statements() - idleBefore;
    // An unknown path below /api runs the session middleware and then answers 404 without a
    // handler: its cost is the session check alone.
    const sessionCheck = await count("/api/__bench_no_such_route", headersFor("customer"));
    const sessionCheckAdmin = await count("/api/__bench_no_such_route", headersFor("admin"));
    const noCookie = await count("/api/me", {});
    const ready = await count("/api/ready", {});
    log(`  idle: ${idleStatementsPerSecond} statements/s; session check: ${sessionCheck.statements} (admin ${sessionCheckAdmin.statements}); no cookie: ${noCookie.statements}; /api/ready: ${ready.statements}`);
    for (const endpoint of endpoints) {
      const { statements, roundTrips, sql } = await count(endpoint.path, headersFor(endpoint.as));
      endpoint.statementsPerRequest = statements;
      endpoint.roundTripsPerRequest = roundTrips;
      endpoint.sql = sql;
      log(`  ${`${endpoint.as} ${endpoint.path}`.padEnd(64)} ${statements} statements, ${roundTrips} round trips`);
    }
    return { idleStatementsPerSecond, sessionCheck, sessionCheckAdmin, noCookie, ready };
  } finally {
    await server.stop();
    await counter.close();
  }
}

// ---- public routes -----------------------------------------------------------------------------

/** A route anyone can call without a session, and what one request costs the server. */
export interface PublicRouteCost {
  label: string;
  status: number;
  requests: number;
  /** Server CPU per request, ms (sequential requests, so nothing else is counted). */
  cpuMsPerRequest: number;
}

/**
 * Issue 21, item 3: no cheap way to load the server. Server CPU per request of every public route
 * (sequential, one at a time), beside a customer list request's, so a route that costs far more
 * than a list shows. Sign-in's cost is its password hash (scrypt), bounded by its limits per
 * address and per account.
 */
async function publicRouteCosts(server: BenchServer, listPath: string, listHeaders: Record<string, string>): Promise<PublicRouteCost[]> {
  const json = { "content-type": "application/json", origin: server.baseUrl };
  const document = await fetch(`${server.baseUrl}/api/openapi.json`);
  await document.arrayBuffer();
  const etag = document.headers.get("etag") ?? "";
  const routes: Array<{ label: string; path: string; init?: RequestInit; n: number; warm?: number }> = [
    { label: `customer GET ${listPath} (a list request, for scale)`, path: listPath, init: { headers: listHeaders }, n: 300 },
    { label: "GET /api/openapi.json (gzip)", path: "/api/openapi.json", init: { headers: { "accept-encoding": "gzip" } }, n: 300 },
    { label: "GET /api/openapi.json (identity)", path: "/api/openapi.json", n: 100 },
    { label: "GET /api/openapi.json (If-None-Match)", path: "/api/openapi.json", init: { headers: { "if-none-match": etag } }, n: 300 },
    { label: "GET /api/ready", path: "/api/ready", n: 300 },
    { label: "GET /api/health", path: "/api/health", n: 300 },
    { label: "GET /api/setup", path: "/api/setup", n: 300 },
    { label: "GET /api/signup-policy", path: "/api/signup-policy", n: 300 },
    { label: "GET /api/notifications/unsubscribe (bad token)", path: "/api/notifications/unsubscribe?token=x", n: 300 },
    { label: "POST /api/invitations/preview (unknown token)", path: "/api/invitations/preview", init: { method: "POST", headers: json, body: JSON.stringify({ token: "x".repeat(43) }) }, n: 20 },
    { label: "GET /api/me without a session (401)", path: "/api/me", n: 300 },
    { label: "GET /api/me with a forged cookie (401)", path: "/api/me", init: { headers: { cookie: "portico.session_token=forged.forged" } }, n: 300 },
    { label: "GET / (the web app's index)", path: "/", n: 300 },
    // Three tries per 10 s from one address get as far as the password hash; the fourth is refused (429) before it.
    { label: "POST /api/auth/sign-in/email (unknown account, within its limit)", path: "/api/auth/sign-in/email", init: { method: "POST", headers: json, body: JSON.stringify({ email: "nobody@seed.portico.test", password: "not-the-password-1" }) }, n: 3, warm: 0 },
    { label: "POST /api/auth/sign-in/email (beyond its limit)", path: "/api/auth/sign-in/email", init: { method: "POST", headers: json, body: JSON.stringify({ email: "nobody@seed.portico.test", password: "not-the-password-1" }) }, n: 20 },
  ];
  const costs: PublicRouteCost[] = [];
  for (const route of routes) {
    await settle(server.baseUrl, "/api/ready");
    let status = 0;
    for (let i = 0; i < (route.warm ?? 3); i++) await (await fetch(server.baseUrl + route.path, route.init)).arrayBuffer();
    const before = readCpuMs(server.pid);
    for (let i = 0; i < route.n; i++) {
      const response = await fetch(server.baseUrl + route.path, route.init);
      await response.arrayBuffer();
      status = response.status;
    }
    const cost = { label: route.label, status, requests: route.n, cpuMsPerRequest: (readCpuMs(server.pid) - before) / route.n };
    log(`  ${route.label.padEnd(56)} ${status}  ${cost.cpuMsPerRequest.toFixed(2)} ms CPU per request`);
    costs.push(cost);
  }
  return costs;
}

// ---- PGlite ----------------------------------------------------------------------------------

async function runToEnd(args: string[], env: EnvOverrides, timeoutMs: number): Promise<void> {
  const merged: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...env })) if (value !== undefined) merged[key] = value;
  const child = spawn(process.execPath, args, { env: merged, stdio: ["ignore", "ignore", "inherit"] });
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${args.join(" ")} exited with ${code}`);
}

async function pglitePhase() {
  const dataDir = mkdtempSync(join(tmpdir(), "portico-bench-pglite-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATABASE_URL: undefined, DATA_DIR: dataDir };
  try {
    log(`\nPGlite: seeding ${dataDir} with SEED_SCALE=${pgliteScale}`);
    const seedStarted = performance.now();
    await runToEnd(["--import", "tsx", "scripts/seed-large.ts"], { ...env, SEED_SCALE: pgliteScale }, 600_000);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`  seeded in ${seedSeconds.toFixed(1)} s`);

    log(`PGlite: ${COLD_STARTS} reopens of the existing DATA_DIR (spawn → first 200 from /api/ready)`);
    const reopens: number[] = [];
    const reopenCpu: number[] = [];
    let server: BenchServer | undefined;
    for (let i = 0; i < COLD_STARTS; i++) {
      const s = await startBenchServer(env);
      reopens.push(Math.round(s.coldStartMs));
      reopenCpu.push(s.coldStartCpuMs);
      log(`  reopen ${i + 1}: ${Math.round(s.coldStartMs)} ms (CPU ${s.coldStartCpuMs} ms)`);
      if (i < COLD_STARTS - 1) await s.stop();
      else server = s;
    }
    const main = server!;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const rssIdle = main.rssMb();
      const rss = { peak: rssIdle };
      const customerCookie = await signIn(main.baseUrl, CUSTOMER_EMAIL, SEED_PASSWORD);
      const adminCookie = await signIn(main.baseUrl, ADMIN_EMAIL, SEED_PASSWORD);
      const endpoints: EndpointResult[] = [];
      for (const endpoint of listEndpoints) {
        const headers = { cookie: endpoint.as === "admin" ? adminCookie : customerCookie };
        endpoints.push({ ...endpoint, cells: await measureEndpoint(main, `${endpoint.as} ${endpoint.path}`, endpoint.path, headers, "/api/ready", CONNECTIONS, { rss }) });
      }
      return { seedScale: Number(pgliteScale), seedSeconds, reopens, reopenCpu, rssIdle, rssPeak: rss.peak, rssAfterLoad: main.rssMb(), endpoints };
    } finally {
      await main.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- report ----------------------------------------------------------------------------------

/** Issue 21's targets (the absolute p99s of issue 7 gave way to ratios: two shared cores could not hold them even for the baseline). */
const TARGETS = {
  /** Lists and details, ours ÷ own baseline requests/s at 100 connections, median of the pairs. */
  ratio: 0.8,
  /** The cheapest requests, where the fixed cost per request shows most. */
  cheapRatio: 0.75,
  /** Ours ÷ baseline p99 at 100 connections, median of the pairs. */
  p99Ratio: 1.25,
  p50At1: 2,
  sessionQueries: 1,
  coldStartMs: 500,
  rssIdleMb: 150,
  pgliteListRps: 1500,
  pgliteReopenMs: 1500,
};
/** Company detail and /api/me are held to `cheapRatio` (issue 21). */
const isCheap = (endpoint: Endpoint) => endpoint.kind === "session" || endpoint.name === "company";

const fmt = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? "–" : value.toFixed(digits));
const at = (cells: Cell[], connections: number) => cells.find((c) => c.connections === connections);
const cleanCells = (cells: Cell[]) => cells.every((c) => c.errors === 0 && c.non2xx === 0 && c.requests > 0);
const spread = (figure: PairedFigure | undefined, digits = 2) => (figure ? `${fmt(figure.median, digits)} (${fmt(figure.min, digits)}–${fmt(figure.max, digits)})` : "–");
const shortPath = (path: string) => path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ":id");

function gitDescribe(): string {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    // The code a run measures; a note in bench/README.md changes no figure.
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no", "--", "src", "bench", ":(exclude)bench/results", ":(exclude)bench/*.md"], { encoding: "utf8" }).trim() !== "";
    return `${commit}${dirty ? " + uncommitted changes" : ""}`;
  } catch {
    return "unknown";
  }
}

/** One line of the summary: a target, what was measured, and whether it holds. */
export interface TargetRow {
  target: string;
  measured: string;
  held: boolean;
}

type PgResult = Awaited<ReturnType<typeof postgresPhase>>;
type PgliteResult = Awaited<ReturnType<typeof pglitePhase>>;

function targetRows(pgResult: PgResult, pglite: PgliteResult | null, pgliteError: string | null, extra: TargetRow[]): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const endpoint of pgResult.endpoints) {
    const name = `${endpoint.as} ${endpoint.kind === "session" ? "" : `${endpoint.kind} `}${shortPath(endpoint.path)}`;
    const clean = cleanCells(endpoint.cells);
    const floor = isCheap(endpoint) ? TARGETS.cheapRatio : TARGETS.ratio;
    rows.push({ target: `${name}: req/s ≥ ${floor}× own baseline @100`, measured: spread(endpoint.ratio), held: clean && (endpoint.ratio?.median ?? 0) >= floor });
    rows.push({ target: `${name}: p99 ≤ ${TARGETS.p99Ratio}× baseline's @100`, measured: spread(endpoint.p99Ratio), held: clean && (endpoint.p99Ratio?.median ?? Infinity) <= TARGETS.p99Ratio });
    const one = at(endpoint.cells, 1);
    rows.push({ target: `${name}: p50 @1 ≤ ${TARGETS.p50At1} ms`, measured: `${fmt(one?.p50, 1)} ms`, held: clean && (one?.p50 ?? Infinity) <= TARGETS.p50At1 });
  }
  const q = pgResult.queries;
  const coldMedian = median(pgResult.coldStarts);
  rows.push({ target: `statements per session check ≤ ${TARGETS.sessionQueries}`, measured: `${q.sessionCheck.statements} / ${q.sessionCheckAdmin.statements} (customer / admin)`, held: Math.max(q.sessionCheck.statements, q.sessionCheckAdmin.statements) <= TARGETS.sessionQueries });
  rows.push({ target: `cold start ≤ ${TARGETS.coldStartMs} ms`, measured: `${coldMedian} ms`, held: coldMedian <= TARGETS.coldStartMs });
  rows.push({ target: `RSS idle ≤ ${TARGETS.rssIdleMb} MiB`, measured: `${pgResult.rssIdle.toFixed(0)} MiB`, held: pgResult.rssIdle <= TARGETS.rssIdleMb });
  if (pglite) {
    const rps = pglite.endpoints.map((e) => at(e.cells, 100)?.requestsPerSec ?? 0);
    rows.push({ target: `PGlite lists ≥ ${TARGETS.pgliteListRps} req/s @100`, measured: `${Math.min(...rps)}–${Math.max(...rps)} req/s`, held: pglite.endpoints.every((e) => cleanCells(e.cells)) && Math.min(...rps) >= TARGETS.pgliteListRps });
    const reopen = median(pglite.reopens);
    rows.push({ target: `PGlite cold reopen ≤ ${TARGETS.pgliteReopenMs} ms`, measured: `${reopen} ms`, held: reopen <= TARGETS.pgliteReopenMs });
  } else {
    rows.push({ target: "PGlite", measured: `not measured: ${pgliteError}`, held: false });
  }
  const list = pgResult.publicRoutes[0]!;
  const document = pgResult.publicRoutes.find((r) => r.label.startsWith("GET /api/openapi.json (gzip)"));
  if (document) {
    rows.push({ target: "GET /api/openapi.json (public) costs no more CPU than a list request", measured: `${document.cpuMsPerRequest.toFixed(2)} ms against ${list.cpuMsPerRequest.toFixed(2)} ms`, held: document.cpuMsPerRequest <= list.cpuMsPerRequest });
  }
  const deep = pgResult.deepPage;
  if (deep) {
    rows.push({ target: `admin tickets page ${DEEP_PAGE}: p50 ≤ 2× page 1's (by cursor)`, measured: `${deep.ratio}× (${deep.keysetP50} ms against ${deep.firstPageP50} ms; by page number ${deep.offsetRatio}×, ${deep.offsetP50} ms)`, held: deep.held });
  }
  return [...rows, ...extra];
}

function publicRoutesSection(costs: PublicRouteCost[]): string {
  const list = costs[0]!;
  const lines = [
    "## Public routes: server CPU per request",
    "",
    "One request at a time (so the server's CPU over the run is theirs alone), against a customer list request.",
    "",
    "| route | status | requests | CPU ms per request | × a list request |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const cost of costs) lines.push(`| ${cost.label} | ${cost.status} | ${cost.requests} | ${cost.cpuMsPerRequest.toFixed(2)} | ${(cost.cpuMsPerRequest / list.cpuMsPerRequest).toFixed(1)} |`);
  return lines.join("\n");
}

/** The ratios of one run, kept beside its report so that a second run of the same commit can be held against it. */
interface RunSummary {
  startedAt: string;
  commit: string;
  loadAtStart: number[];
  ratios: Record<string, { ratio: PairedFigure | undefined; p99Ratio: PairedFigure | undefined }>;
}

function runSummary(pgResult: PgResult): RunSummary {
  const ratios: RunSummary["ratios"] = {};
  for (const e of pgResult.endpoints) ratios[`${e.as} ${e.kind} ${shortPath(e.path)}`] = { ratio: e.ratio, p99Ratio: e.p99Ratio };
  return { startedAt: startedAt.toISOString(), commit: gitDescribe(), loadAtStart, ratios };
}

/**
 * Issue 21, item 1: the same commit measured twice should give medians within 0.1 of each other.
 * Holds this run against every earlier run of the same (clean) commit in bench/results/.
 */
function agreementSection(current: RunSummary): string {
  const lines = ["## Agreement with earlier runs of this commit", ""];
  if (current.commit.includes("uncommitted")) return [...lines, "Not compared: the run measured uncommitted changes."].join("\n");
  const earlier = readdirSync("bench/results")
    .filter((name) => name.endsWith(".summary.json"))
    .map((name) => JSON.parse(readFileSync(join("bench/results", name), "utf8")) as RunSummary)
    .filter((run) => run.commit === current.commit && run.startedAt !== current.startedAt);
  if (earlier.length === 0) return [...lines, `No earlier run of ${current.commit} in bench/results/: run \`npm run bench\` again to compare.`].join("\n");
  for (const run of earlier) {
    lines.push(`Against the run of ${run.startedAt} (load average at its start ${run.loadAtStart.map((v) => v.toFixed(2)).join(" / ")}):`, "");
    lines.push("| endpoint | req/s ratio then → now | Δ | p99 ratio then → now | Δ |", "|---|---:|---:|---:|---:|");
    let worst = 0;
    for (const [key, now] of Object.entries(current.ratios)) {
      const then = run.ratios[key];
      const d = Math.abs((now.ratio?.median ?? NaN) - (then?.ratio?.median ?? NaN));
      const dp = Math.abs((now.p99Ratio?.median ?? NaN) - (then?.p99Ratio?.median ?? NaN));
      worst = Math.max(worst, Number.isNaN(d) ? Infinity : d);
      lines.push(`| ${key} | ${fmt(then?.ratio?.median, 2)} → ${fmt(now.ratio?.median, 2)} | ${fmt(d, 2)} | ${fmt(then?.p99Ratio?.median, 2)} → ${fmt(now.p99Ratio?.median, 2)} | ${fmt(dp, 2)} |`);
    }
    lines.push("", `Largest difference of a req/s median: **${fmt(worst, 2)}** (${worst <= 0.1 ? "within" : "**beyond**"} 0.1).`, "");
  }
  return lines.join("\n");
}

function report(pgResult: PgResult, pglite: PgliteResult | null, pgliteError: string | null, extra: TargetRow[], extraSections: string[]) {
  const targets = targetRows(pgResult, pglite, pgliteError, extra);
  const held = targets.filter((t) => t.held).length;
  const total = targets.length;
  const lines: string[] = [];
  const loadNow = loadavg();
  lines.push(`# API benchmark (\`npm run bench\`)`);
  lines.push("");
  lines.push(
    `${startedAt.toISOString()} · commit ${gitDescribe()} · Node ${process.version} · PostgreSQL ${pgResult.sizes.postgresVersion} · ${cpus().length} × ${cpus()[0]?.model.trim() ?? "cpu"}`,
  );
  lines.push(
    `Load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(" / ")}, at the end ${loadNow.map((v) => v.toFixed(2)).join(" / ")} (1/5/15 min). Ratios to the baseline, measured in pairs, are the figures that travel.`,
  );
  lines.push(
    `${seconds} s per cell after a 1 s warm-up; ${PAIRS} pairs per endpoint (ours, then its own baseline route, at 100 connections); a ratio is the median of the pairs with their spread (min–max). autocannon runs in the benchmark process on the same 2 cores as the server and PostgreSQL. Data: ${pgResult.sizes.companies} companies, ${pgResult.sizes.profiles} users, ${pgResult.sizes.projects} projects, ${pgResult.sizes.tickets} tickets, ${pgResult.sizes.invoices} invoices, ${pgResult.sizes.messages} messages.`,
  );
  lines.push("");
  lines.push(`## Targets`);
  lines.push("");
  lines.push("| target | measured | holds |");
  lines.push("|---|---|---|");
  for (const row of targets) lines.push(`| ${row.target} | ${row.measured} | ${row.held ? "held" : "**not held**"} |`);
  lines.push("");
  lines.push(`**${held} of ${total} targets hold.**${failures.length ? ` **${failures.length} cells had failed requests** (see JSON).` : " No failed requests."}`);
  lines.push("");
  lines.push(`## PostgreSQL: endpoints`);
  lines.push("");
  lines.push(
    `Baseline: \`bench/baseline-server.ts\`, bare node:http + pg (pool of 10), no framework, session or validation, with one route per endpoint that runs that endpoint's own row query (same columns, joins, scope, order and page size; without the total ours counts) and answers the same JSON. Latencies in ms; "queries" = statements per request (wire-protocol count); ours @100 is the median of its ${PAIRS} cells.`,
  );
  lines.push("");
  lines.push("| endpoint | as | @1 req/s | @1 p50 | @1 p99 | ours @100 req/s | ours @100 p99 | baseline @100 req/s | baseline @100 p99 | CPU @100 server / db | req/s ratio (min–max) | p99 ratio (min–max) | errors | queries |");
  lines.push("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  pgResult.baselineRuns.forEach((cells, i) => {
    const one = at(cells, 1);
    const hundred = at(cells, 100);
    lines.push(
      `| reference: baseline GET ${REFERENCE_BASELINE} (run ${i + 1}) | – | ${fmt(one?.requestsPerSec)} | ${fmt(one?.p50, 1)} | ${fmt(one?.p99, 1)} | – | – | ${fmt(hundred?.requestsPerSec)} | ${fmt(hundred?.p99, 1)} | ${fmt(hundred?.serverCpuPct)}% / ${fmt(hundred?.dbCpuPct)}% | – | – | ${cells.reduce((n, c) => n + c.errors + c.non2xx, 0)} | 1 |`,
    );
  });
  for (const endpoint of pgResult.endpoints) {
    const one = at(endpoint.cells, 1);
    const pairs = endpoint.pairs ?? [];
    const oursRps = median(pairs.map((p) => p.ours.requestsPerSec));
    const oursP99 = median(pairs.map((p) => p.ours.p99));
    const baseRps = median(pairs.map((p) => p.baseline.requestsPerSec));
    const baseP99 = median(pairs.map((p) => p.baseline.p99));
    const serverCpu = median(pairs.map((p) => p.ours.serverCpuPct));
    const dbCpu = median(pairs.map((p) => p.ours.dbCpuPct ?? NaN));
    const errors = endpoint.cells.reduce((n, c) => n + c.errors + c.non2xx, 0);
    lines.push(
      `| ${endpoint.kind} ${shortPath(endpoint.path)} | ${endpoint.as} | ${fmt(one?.requestsPerSec)} | ${fmt(one?.p50, 1)} | ${fmt(one?.p99, 1)} | ${fmt(oursRps)} | ${fmt(oursP99, 1)} | ${fmt(baseRps)} | ${fmt(baseP99, 1)} | ${fmt(serverCpu)}% / ${fmt(dbCpu)}% | ${spread(endpoint.ratio)} | ${spread(endpoint.p99Ratio)} | ${errors} | ${fmt(endpoint.statementsPerRequest, 1)} |`,
    );
  }
  const differing = pgResult.endpoints.filter((e) => e.baselineAnswerDiffers);
  lines.push("");
  lines.push(
    differing.length
      ? `**The baseline's answer differs from ours** (total/totalExact aside) for ${differing.map((e) => `${e.as} ${e.path}`).join(", ")}: see \`baselineAnswerDiffers\` in the JSON.`
      : `Every baseline route answered the same JSON as its endpoint (total/totalExact aside; the baseline fills them from its rows).`,
  );
  lines.push("");
  lines.push(`## PostgreSQL: process`);
  lines.push("");
  lines.push("| figure | value |");
  lines.push("|---|---:|");
  const q = pgResult.queries;
  lines.push(`| cold start to first 200 (median of ${pgResult.coldStarts.length}: ${pgResult.coldStarts.join(", ")} ms) | ${median(pgResult.coldStarts)} ms |`);
  lines.push(`| CPU time used by the server until ready (median) | ${median(pgResult.coldStartCpu)} ms |`);
  lines.push(`| RSS idle after start | ${pgResult.rssIdle.toFixed(0)} MiB |`);
  lines.push(`| RSS peak under the 100-connection runs | ${pgResult.rssPeak.toFixed(0)} MiB |`);
  lines.push(`| RSS right after the load | ${pgResult.rssAfterLoad.toFixed(0)} MiB |`);
  lines.push(`| database statements per session check (customer / admin; round trips ${q.sessionCheck.roundTrips}) | ${q.sessionCheck.statements} / ${q.sessionCheckAdmin.statements} |`);
  const me = pgResult.endpoints.find((e) => e.kind === "session");
  lines.push(`| database statements per GET /api/me (customer, session check included) | ${fmt(me?.statementsPerRequest, 1)} |`);
  lines.push(`| statements with no cookie / per GET /api/ready / per idle second | ${q.noCookie.statements} / ${q.ready.statements} / ${q.idleStatementsPerSecond} |`);
  lines.push("");
  lines.push(`## PGlite (embedded default)`);
  lines.push("");
  if (pglite) {
    lines.push(`Temporary DATA_DIR seeded with \`SEED_SCALE=${pglite.seedScale} npm run seed:large\` (${pglite.seedSeconds.toFixed(1)} s); RSS idle ${pglite.rssIdle.toFixed(0)} MiB, peak ${pglite.rssPeak.toFixed(0)} MiB; cold reopens ${pglite.reopens.join(", ")} ms (CPU median ${median(pglite.reopenCpu)} ms).`);
    lines.push("");
    lines.push("| endpoint | as | @1 req/s | @1 p50 | @1 p99 | @100 req/s | @100 p50 | @100 p99 | server CPU @100 | errors |");
    lines.push("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const endpoint of pglite.endpoints) {
      const one = at(endpoint.cells, 1);
      const hundred = at(endpoint.cells, 100);
      const errors = endpoint.cells.reduce((n, c) => n + c.errors + c.non2xx, 0);
      lines.push(
        `| list ${endpoint.path} | ${endpoint.as} | ${fmt(one?.requestsPerSec)} | ${fmt(one?.p50, 1)} | ${fmt(one?.p99, 1)} | ${fmt(hundred?.requestsPerSec)} | ${fmt(hundred?.p50, 1)} | ${fmt(hundred?.p99, 1)} | ${fmt(hundred?.serverCpuPct)}% | ${errors} |`,
      );
    }
  } else {
    lines.push(`Not measured: ${pgliteError}`);
  }
  for (const section of extraSections) lines.push("", section);
  return { markdown: lines.join("\n") + "\n", held, total, targets };
}

// ---- main ------------------------------------------------------------------------------------

log(`npm run bench: ${seconds} s per cell, load average ${loadAtStart.map((v) => v.toFixed(2)).join(" ")}`);
// The servers measured (PostgreSQL and the PGlite reopens) are the production bundle, built now if stale.
await ensureBenchServerBuilt(log);
const pgResult = await postgresPhase();
let pglite: Awaited<ReturnType<typeof pglitePhase>> | null = null;
let pgliteError: string | null = null;
if (only) pgliteError = "skipped (BENCH_ONLY)";
else {
  try {
    pglite = await pglitePhase();
  } catch (error) {
    pgliteError = error instanceof Error ? error.message : String(error);
    console.error(`PGlite phase failed: ${pgliteError}`);
    failures.push(`PGlite: ${pgliteError}`);
  }
}
let realtime: RealtimeTargets | null = null;
let realtimeError: string | null = null;
if (only) realtimeError = "skipped (BENCH_ONLY)";
else {
  log(`\nRealtime: POST /api/messages at 5,000 streams and 200 messages/s, in pairs with a bare node:http + pg server doing the same statements (bench/sse-fanout.ts)`);
  try {
    // A throwaway database on the same server: the benchmark's own users, companies and streams.
    const serverUrl = new URL(databaseUrl);
    serverUrl.pathname = "/postgres";
    realtime = await realtimeTargets({ databaseUrl: serverUrl.toString(), log: (line) => log(`  ${line}`) });
  } catch (error) {
    realtimeError = error instanceof Error ? error.message : String(error);
    console.error(`Realtime phase failed: ${realtimeError}`);
    failures.push(`realtime: ${realtimeError}`);
  }
}
const extraTargets: TargetRow[] = realtime
  ? [
      { target: `POST /api/messages p99 at 5,000 streams, 200 msg/s: ≤ ${RATIO_TARGET}× a bare node:http + pg route's`, measured: `${realtime.ratio.toFixed(2)}× (${realtime.postP99Ms.toFixed(1)} ms against ${realtime.bareP99Ms.toFixed(1)} ms; pairs ${realtime.pairRatios.map((r) => r.toFixed(2)).join(", ")})`, held: realtime.heldRatio },
      { target: `message end to end p99 ≤ the POST's p99 + ${END_TO_END_MARGIN_MS} ms`, measured: `${realtime.endToEndP99Ms.toFixed(1)} ms against ${realtime.endToEndLimitMs.toFixed(1)} ms (${realtime.delivered}/${realtime.expected} delivered)`, held: realtime.heldEndToEnd && realtime.delivered === realtime.expected },
    ]
  : [{ target: "realtime write at 5,000 streams", measured: `not measured: ${realtimeError}`, held: false }];
const summary = runSummary(pgResult);
const extraSections = [publicRoutesSection(pgResult.publicRoutes), agreementSection(summary)];
const { markdown, held, total, targets } = report(pgResult, pglite, pgliteError, extraTargets, extraSections);
mkdirSync("bench/results", { recursive: true });
const stamp = startedAt.toISOString().slice(0, 16).replace(/[:]/g, "");
writeFileSync("bench/results/latest.md", markdown);
writeFileSync(`bench/results/api-${stamp}.md`, markdown);
writeFileSync(`bench/results/api-${stamp}.summary.json`, JSON.stringify(summary, null, 2) + "\n");
writeFileSync(
  "bench/results/latest.json",
  JSON.stringify(
    { startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), loadAtStart, loadAtEnd: loadavg(), seconds, pairs: PAIRS, node: process.version, commit: gitDescribe(), targets: TARGETS, summary: targets, held, total, failures, postgres: pgResult, pglite, pgliteError, realtime, realtimeError },
    null,
    2,
  ),
);
log(`\n${markdown}`);
log(`Written: bench/results/latest.md, bench/results/api-${stamp}.md and .summary.json, bench/results/latest.json (RSS of this process ${readRssMb(process.pid).toFixed(0)} MiB)`);
if (failures.length) {
  console.error(`\nbench: ${failures.length} cell(s) had failed requests:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
process.exit(0);
