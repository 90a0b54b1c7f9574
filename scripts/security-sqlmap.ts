/**
 * `npm run security:sqlmap`: SQL injection scan of every API endpoint that takes parameters, with
 * Debian's sqlmap at --level 5 --risk 3, against a throwaway server on 127.0.0.1 and a throwaway
 * database (a temporary PGlite folder, or a temporary database on the DATABASE_URL server, dropped
 * afterwards). Reports per endpoint and writes the summary into docs/security.md ("Latest sqlmap
 * run"). Not part of `npm test`: it takes about a quarter of an hour.
 *
 *   SQLMAP_BUDGET_MINUTES  total time for all endpoints (default 15); each gets a share of what is
 *                          left in proportion to its number of parameters
 *   SQLMAP_ONLY            run only the endpoints whose label contains this text
 *   SQLMAP_NO_DOCS=1       do not touch docs/security.md
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import pg from "pg";
import { createApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { loadEnv } from "../src/server/env";
import { createDeps } from "../src/server/server";
import { createUser, promoteToAdmin } from "../src/server/accounts";

const root = new URL("..", import.meta.url).pathname;
const budgetMs = Number(process.env.SQLMAP_BUDGET_MINUTES ?? 15) * 60_000;
const only = process.env.SQLMAP_ONLY;
const workDir = mkdtempSync(join(tmpdir(), "portico-sqlmap-"));
const serverLog = join(workDir, "server.log");

/** Everything the server and Better Auth print goes to a file: a scan produces thousands of warnings. */
for (const method of ["log", "info", "warn", "error", "debug"] as const) {
  console[method] = (...args: unknown[]) => appendFileSync(serverLog, `${args.map(String).join(" ")}\n`);
}
const say = (line = "") => process.stdout.write(`${line}\n`);

function requireSqlmap(): string {
  const found = spawnSync("sqlmap", ["--version"], { encoding: "utf8" });
  if (found.status !== 0) {
    say("sqlmap is not installed. On Debian: apt-get install -y sqlmap (check: apt-cache policy sqlmap)");
    process.exit(2);
  }
  return found.stdout.trim().split("\n")[0]!;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** A database nobody else uses: a new PGlite folder, or a new database on the DATABASE_URL server. */
async function throwawayDatabase(): Promise<{ url?: string; label: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { label: "PGlite (temporary folder)", drop: async () => {} };
  const name = `portico_sqlmap_${randomUUID().replaceAll("-", "")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), label: `PostgreSQL (temporary database ${name})`, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

interface Tally {
  requests: number;
  byClass: Record<string, number>;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

async function startThrowawayServer() {
  const database = await throwawayDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const emptyWebDist = join(workDir, "web");
  mkdirSync(emptyWebDist);
  const env = loadEnv({
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: baseUrl,
    DATA_DIR: join(workDir, "data"),
    DATABASE_URL: database.url ?? "",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    // sqlmap's xforwardedfor tamper gives each request its own address, so sign-in rate limiting
    // (3 per 10 s per address) does not turn the scan into a scan of 429 answers.
    TRUSTED_PROXIES: "127.0.0.1",
    LOG_LEVEL: "error",
    WEB_DIST: emptyWebDist,
  });
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR });
  const deps = await createDeps(env, handle);
  const app = createApp(deps, { webDist: emptyWebDist });
  // Every answer, counted per endpoint and status class: a 5xx during the scan is a finding too.
  const tallies = new Map<string, Tally>();
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        hostname: "127.0.0.1",
        port,
        fetch: async (request, bindings) => {
          const response = await app.fetch(request, bindings);
          const key = `${request.method} ${new URL(request.url).pathname.replace(UUID, ":id")}`;
          const tally = tallies.get(key) ?? { requests: 0, byClass: {} };
          tally.requests += 1;
          const cls = `${Math.floor(response.status / 100)}xx`;
          tally.byClass[cls] = (tally.byClass[cls] ?? 0) + 1;
          tallies.set(key, tally);
          return response;
        },
      },
      () => resolve(s),
    );
  });
  return {
    baseUrl,
    deps,
    databaseLabel: database.label,
    tallies,
    async close() {
      await deps.mail.worker.stop();
      await deps.events.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handle.close();
      await database.drop();
    },
  };
}

type Started = Awaited<ReturnType<typeof startThrowawayServer>>;

async function api(started: Started, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${started.baseUrl}${path}`, {
    method,
    headers: { cookie, origin: started.baseUrl, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- seed answers, read loosely
  const json = (await response.json()) as Record<string, any>;
  if (!response.ok) throw new Error(`seed: ${method} ${path} gave ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function signedIn(started: Started, user: { email: string; password: string; name: string }, admin = false) {
  const id = await createUser(started.deps.auth, user);
  if (admin) await promoteToAdmin(started.deps.db, id);
  const { headers } = await started.deps.auth.api.signInEmail({ body: user, returnHeaders: true });
  return { id, ...user, cookie: headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ") };
}

/** An admin and a customer, and one record of every kind for the scan to aim at. */
async function seed(started: Started) {
  const admin = await signedIn(started, { email: "admin@sqlmap.test", password: "orchard-keeper-7", name: "Scan Admin" }, true);
  const customer = await signedIn(started, { email: "customer@sqlmap.test", password: "orchard-keeper-12", name: "Scan Customer" });
  const { company } = await api(started, customer.cookie, "PUT", "/api/companies/mine", { name: "Acme Scan", contactName: "Casey", phone: "555" });
  const project = await api(started, admin.cookie, "POST", "/api/projects", { companyId: company.id, name: "Scan Project", description: "d" });
  const ticket = await api(started, customer.cookie, "POST", "/api/tickets", { projectId: project.id, title: "Scan ticket", description: "d" });
  await api(started, customer.cookie, "POST", `/api/tickets/${ticket.id}/comments`, { content: "first" });
  await api(started, customer.cookie, "POST", `/api/projects/${project.id}/comments`, { content: "first" });
  // A PDF link back to this server: if sqlmap follows the redirect, it stays on loopback.
  const invoice = await api(started, admin.cookie, "POST", "/api/invoices", {
    companyId: company.id,
    invoiceNumber: "INV-SCAN-1",
    amount: "10.00",
    issueDate: "2026-01-01",
    pdfUrl: `${started.baseUrl}/api/health`,
  });
  const message = await api(started, customer.cookie, "POST", "/api/messages", { content: "hello" });
  return { admin, customer, company, project, ticket, invoice, message };
}

interface Target {
  label: string;
  method: "GET" | "POST" | "PUT" | "PATCH";
  /** Path and query; `*` marks a path parameter for sqlmap. */
  url: string;
  body?: Record<string, unknown>;
  cookie: string;
  /** The parameters sqlmap tests (query, JSON body); path markers need none. */
  params?: string[];
  /** Status codes sqlmap must not stop at (it gives up on the first 401 unless told). */
  ignoreCodes?: number[];
}

function targets(data: Awaited<ReturnType<typeof seed>>): Target[] {
  const { admin, customer, company, project, ticket, invoice, message } = data;
  const a = admin.cookie;
  const c = customer.cookie;
  const page = "page=1&pageSize=10&q=scan&sort=desc";
  const pageParams = ["page", "pageSize", "q", "sort"];
  return [
    { label: "GET /api/companies", method: "GET", url: `/api/companies?${page}`, cookie: a, params: pageParams },
    { label: "GET /api/companies/options", method: "GET", url: "/api/companies/options?q=acme&limit=10", cookie: a, params: ["q", "limit"] },
    { label: "GET /api/companies/:id", method: "GET", url: `/api/companies/${company.id}*`, cookie: c },
    { label: "GET /api/projects", method: "GET", url: `/api/projects?${page}&companyId=${company.id}`, cookie: a, params: [...pageParams, "companyId"] },
    { label: "GET /api/projects/:id (slug)", method: "GET", url: `/api/projects/${project.slug}*`, cookie: c },
    { label: "GET /api/projects/:id/comments", method: "GET", url: `/api/projects/${project.id}*/comments`, cookie: c },
    {
      label: "GET /api/tickets",
      method: "GET",
      url: `/api/tickets?${page}&status=pending&projectId=${project.id}&companyId=${company.id}`,
      cookie: a,
      params: [...pageParams, "status", "projectId", "companyId"],
    },
    { label: "GET /api/tickets/:id", method: "GET", url: `/api/tickets/${ticket.id}*`, cookie: c },
    { label: "GET /api/tickets/:id/comments", method: "GET", url: `/api/tickets/${ticket.id}*/comments`, cookie: c },
    { label: "GET /api/invoices", method: "GET", url: `/api/invoices?${page}&status=unpaid&companyId=${company.id}`, cookie: a, params: [...pageParams, "status", "companyId"] },
    { label: "GET /api/invoices/:id", method: "GET", url: `/api/invoices/${invoice.id}*`, cookie: c },
    { label: "GET /api/invoices/:id/pdf", method: "GET", url: `/api/invoices/${invoice.id}*/pdf`, cookie: c },
    { label: "GET /api/messages", method: "GET", url: `/api/messages?companyId=${company.id}&limit=50&before=${message.id}`, cookie: a, params: ["companyId", "limit", "before"] },
    { label: "GET /api/messages/conversations", method: "GET", url: `/api/messages/conversations?${page}&recent=5`, cookie: a, params: [...pageParams, "recent"] },
    // The password never reaches SQL (it is hashed), and each well-formed attempt costs a scrypt hash.
    {
      label: "POST /api/auth/sign-in/email",
      method: "POST",
      url: "/api/auth/sign-in/email",
      body: { email: customer.email, password: "wrong-password" },
      cookie: "",
      params: ["email"],
      ignoreCodes: [401],
    },
    { label: "POST /api/auth/sign-up/email", method: "POST", url: "/api/auth/sign-up/email", body: { name: "Scan New", email: "new@sqlmap.test", password: "new-password-1" }, cookie: "", params: ["name", "email"] },
    {
      label: "PUT /api/companies/mine",
      method: "PUT",
      url: "/api/companies/mine",
      body: { name: "Acme Scan", contactName: "Casey", contactEmail: "casey@acme.test", phone: "555", address: "1 Road" },
      cookie: c,
      params: ["name", "contactName", "contactEmail", "phone", "address"],
    },
    {
      label: "POST /api/projects",
      method: "POST",
      url: "/api/projects",
      body: { companyId: company.id, name: "Scan Two", description: "d", status: "active", startDate: "2026-01-01" },
      cookie: a,
      params: ["companyId", "name", "description", "status", "startDate"],
    },
    {
      label: "PATCH /api/projects/:id",
      method: "PATCH",
      url: `/api/projects/${project.id}`,
      body: { name: "Scan Project", description: "d", status: "active", assignedTo: admin.id, startDate: "2026-01-01", endDate: "2026-12-31" },
      cookie: a,
      params: ["name", "description", "status", "assignedTo", "startDate", "endDate"],
    },
    { label: "POST /api/projects/:id/comments", method: "POST", url: `/api/projects/${project.id}/comments`, body: { content: "note" }, cookie: c, params: ["content"] },
    {
      label: "POST /api/tickets",
      method: "POST",
      url: "/api/tickets",
      body: { projectId: project.id, title: "Scan", description: "d", priority: "low" },
      cookie: c,
      params: ["projectId", "title", "description", "priority"],
    },
    {
      label: "PATCH /api/tickets/:id",
      method: "PATCH",
      url: `/api/tickets/${ticket.id}`,
      body: { title: "Scan ticket", description: "d", status: "doing", priority: "high" },
      cookie: a,
      params: ["title", "description", "status", "priority"],
    },
    { label: "POST /api/tickets/:id/comments", method: "POST", url: `/api/tickets/${ticket.id}/comments`, body: { content: "note" }, cookie: c, params: ["content"] },
    {
      label: "POST /api/invoices",
      method: "POST",
      url: "/api/invoices",
      body: { companyId: company.id, invoiceNumber: "INV-SCAN-2", amount: "12.50", issueDate: "2026-01-01", dueDate: "2026-02-01", pdfUrl: "https://files.example/a.pdf", status: "unpaid" },
      cookie: a,
      params: ["companyId", "invoiceNumber", "amount", "issueDate", "dueDate", "pdfUrl", "status"],
    },
    {
      label: "PATCH /api/invoices/:id",
      method: "PATCH",
      url: `/api/invoices/${invoice.id}`,
      body: { invoiceNumber: "INV-SCAN-1", amount: "10.00", issueDate: "2026-01-01", dueDate: "2026-02-01", status: "paid" },
      cookie: a,
      params: ["invoiceNumber", "amount", "issueDate", "dueDate", "status"],
    },
    // Without a client message id: a fixed one would turn every later payload into a 409 before the insert.
    { label: "POST /api/messages", method: "POST", url: "/api/messages", body: { content: "hi", companyId: company.id }, cookie: a, params: ["content", "companyId"] },
    { label: "POST /api/messages/read", method: "POST", url: "/api/messages/read", body: { companyId: company.id }, cookie: a, params: ["companyId"] },
  ];
}

interface Outcome {
  target: Target;
  verdict: "not injectable" | "INJECTABLE" | "time limit reached" | "sqlmap error";
  seconds: number;
  detail: string;
  requests: number;
  byClass: Record<string, number>;
}

function runSqlmap(baseUrl: string, target: Target, limitMs: number): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  const args = [
    "-u",
    `${baseUrl}${target.url}`,
    "--method",
    target.method,
    "--level=5",
    "--risk=3",
    "--batch",
    "--dbms=PostgreSQL",
    "--threads=8",
    "--keep-alive",
    "--time-sec=2",
    "--timeout=15",
    "--retries=1",
    "--flush-session",
    "--disable-coloring",
    "--tamper=xforwardedfor",
    // Never leave loopback: do not follow redirects (the PDF endpoint answers one).
    "--answers=follow=N,redirect=N",
    `--output-dir=${join(workDir, "sqlmap")}`,
    `--headers=Origin: ${baseUrl}`,
  ];
  if (target.cookie) args.push(`--cookie=${target.cookie}`);
  if (target.body) args.push(`--data=${JSON.stringify(target.body)}`);
  if (target.params) args.push(`-p`, target.params.join(","));
  if (target.ignoreCodes) args.push(`--ignore-code=${target.ignoreCodes.join(",")}`);
  return new Promise((resolve) => {
    const child = spawn("sqlmap", args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    }, limitMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

function verdictOf(run: { code: number | null; output: string; timedOut: boolean }): Pick<Outcome, "verdict" | "detail"> {
  const { output } = run;
  if (/identified the following injection point|is vulnerable|appears to be injectable/i.test(output)) {
    return { verdict: "INJECTABLE", detail: output.split("\n").filter((line) => /Parameter:|Type:|Title:|Payload:/.test(line)).join(" | ") };
  }
  const tested = [...new Set([...output.matchAll(/parameter '([^']+)' does not seem to be injectable/g)].map((match) => match[1]))];
  if (run.timedOut) return { verdict: "time limit reached", detail: `no injection found; finished: ${tested.join(", ") || "none yet"}` };
  if (/all tested parameters do not appear to be injectable/i.test(output)) return { verdict: "not injectable", detail: `tested: ${tested.join(", ")}` };
  const critical = output.split("\n").filter((line) => /\[CRITICAL\]|\[ERROR\]/.test(line)).slice(0, 3).join(" | ");
  return { verdict: "sqlmap error", detail: critical || `exit ${run.code}` };
}

function writeDocs(markdown: string) {
  if (process.env.SQLMAP_NO_DOCS) return;
  const file = join(root, "docs/security.md");
  const start = "<!-- sqlmap:start -->";
  const end = "<!-- sqlmap:end -->";
  const current = readFileSync(file, "utf8");
  if (!current.includes(start) || !current.includes(end)) throw new Error(`docs/security.md lacks the ${start} ... ${end} markers`);
  writeFileSync(file, `${current.slice(0, current.indexOf(start) + start.length)}\n${markdown}\n${current.slice(current.indexOf(end))}`);
}

async function main() {
  const version = requireSqlmap();
  const startedAt = new Date();
  const started = await startThrowawayServer();
  say(`Throwaway server on ${started.baseUrl} (${started.databaseLabel}); sqlmap ${version}; budget ${budgetMs / 60_000} min; logs in ${workDir}`);
  const outcomes: Outcome[] = [];
  try {
    const data = await seed(started);
    const list = targets(data).filter((target) => !only || target.label.includes(only));
    const deadline = Date.now() + budgetMs;
    // Each endpoint's share of what is left is proportional to how many parameters it has.
    const weight = (target: Target) => target.params?.length ?? 1;
    for (const [index, target] of list.entries()) {
      const weightLeft = list.slice(index).reduce((sum, next) => sum + weight(next), 0);
      const share = Math.max(20_000, ((deadline - Date.now()) * weight(target)) / weightLeft);
      const before = new Map([...started.tallies].map(([key, tally]) => [key, { ...tally, byClass: { ...tally.byClass } }]));
      const t0 = Date.now();
      const run = await runSqlmap(started.baseUrl, target, share);
      writeFileSync(join(workDir, `${target.label.replace(/\W+/g, "_")}.log`), run.output);
      // Requests this endpoint got during its own run.
      let requests = 0;
      const byClass: Record<string, number> = {};
      for (const [key, tally] of started.tallies) {
        const prior = before.get(key);
        requests += tally.requests - (prior?.requests ?? 0);
        for (const [cls, n] of Object.entries(tally.byClass)) {
          const added = n - (prior?.byClass[cls] ?? 0);
          if (added) byClass[cls] = (byClass[cls] ?? 0) + added;
        }
      }
      const outcome: Outcome = { target, ...verdictOf(run), seconds: Math.round((Date.now() - t0) / 1000), requests, byClass };
      outcomes.push(outcome);
      say(`${target.label.padEnd(36)} ${outcome.verdict.padEnd(18)} ${String(outcome.seconds).padStart(4)} s ${String(requests).padStart(6)} requests ${JSON.stringify(byClass)}`);
    }
  } finally {
    await started.close();
  }

  const injectable = outcomes.filter((outcome) => outcome.verdict === "INJECTABLE");
  const serverErrors = outcomes.reduce((sum, outcome) => sum + (outcome.byClass["5xx"] ?? 0), 0);
  const totalRequests = outcomes.reduce((sum, outcome) => sum + outcome.requests, 0);
  const rows = outcomes.map(
    (o) =>
      `| \`${o.target.label}\` | ${o.target.params?.join(", ") ?? "path id"} | ${o.verdict} | ${o.seconds} s | ${o.requests} | ${Object.entries(o.byClass)
        .map(([cls, n]) => `${cls}: ${n}`)
        .join(", ")} |`,
  );
  const markdown = [
    `Run ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, sqlmap ${version}, ${started.databaseLabel}, ` +
      `\`--level=5 --risk=3 --dbms=PostgreSQL --technique=BEUSTQ --time-sec=2 --threads=8 --keep-alive --tamper=xforwardedfor\`, ` +
      `${budgetMs / 60_000} min budget shared by ${outcomes.length} endpoints in proportion to their parameters.`,
    "",
    `**Result: ${injectable.length === 0 ? "no injectable parameter found" : `${injectable.length} INJECTABLE endpoint(s)`}; ${totalRequests} requests, ${serverErrors} answered 5xx.**`,
    "",
    "| Endpoint | Parameters | Verdict | Time | Requests | Answers |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    "\"time limit reached\" means sqlmap was stopped at the endpoint's share of the budget before it finished every payload; no injection had been found up to then.",
  ].join("\n");
  writeDocs(markdown);
  say();
  say(markdown);
  rmSync(join(workDir, "data"), { recursive: true, force: true });
  process.exit(injectable.length || serverErrors ? 1 : 0);
}

await main();
