/**
 * What recording the team's reads costs (issue 45, ADR 050): requests/s, p99 and the server's CPU
 * per request of an admin's ticket list, ticket detail and invoice detail of a customer company,
 * with the access log (this build) and without it (the build of `--base-commit`, by default the
 * last commit before the log), in the same run, in alternating rounds, each on a PostgreSQL
 * database of its own. Target: this build at 1/1.1 (0.91) of the base or better on every route.
 *
 *   npx tsx bench/access-log-cost.ts [--base-commit dde9c33] [--rounds 3] [--seconds 5]
 *   (BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432 by default)
 *
 * Reads are coalesced per staff member, record and hour, so after the first request of each
 * record a read costs the log one statement that inserts nothing; that is the steady state the
 * rounds measure (the warm-up makes the hour's entries). Writes bench/results/access-log-cost.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/build-server";
import { baseBuild, benchArg, benchRoot } from "./lib/base-build";
import { measure } from "./lib/load";
import { median } from "./lib/median";
import { apiWrite, ensureBenchServerBuilt, freshDatabase, readCpuMs, signIn, startProcessServer } from "./lib/server";

const baseCommit = benchArg("--base-commit") ?? "dde9c33";
const rounds = Number(benchArg("--rounds") ?? 3);
const seconds = Number(benchArg("--seconds") ?? 5);
const CONNECTIONS = 10;
const RECORDS = 10;
const TARGET = 1 / 1.1;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
const ADMIN = { email: "bench-admin@access.portico.test", password: "harbor-ledger-lantern-61" };

const variants = [
  { name: "with the access log (this build)", entry: await ensureBenchServerBuilt(), database: "portico_bench_access_with" },
  { name: `without (${baseCommit})`, entry: baseBuild(baseCommit), database: "portico_bench_access_without" },
];
const ROUTES = ["ticket list", "ticket detail", "invoice detail"] as const;
type Route = (typeof ROUTES)[number];
interface Cell {
  rps: number[];
  p99: number[];
  cpuUs: number[];
}
const results = new Map<string, Cell>();
const cell = (variant: string, route: Route) => {
  const key = `${variant}\u0000${route}`;
  if (!results.has(key)) results.set(key, { rps: [], p99: [], cpuUs: [] });
  return results.get(key)!;
};
const loadAtStart = loadavg();

for (let round = 1; round <= rounds; round++) {
  for (const variant of variants) {
    const server = await startProcessServer({
      args: [...SERVER_NODE_FLAGS, variant.entry],
      env: {
        NODE_ENV: "production",
        AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
        DATABASE_URL: await freshDatabase(postgresUrl, variant.database),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "info",
      },
      readyPath: "/api/ready",
    });
    try {
      const cookie = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
      const company = await apiWrite(server.baseUrl, cookie, "POST", "/api/companies", { name: "Bench Co" });
      const project = await apiWrite(server.baseUrl, cookie, "POST", "/api/projects", { companyId: company.id, name: "Bench project" });
      const tickets = [];
      const invoices = [];
      for (let i = 0; i < RECORDS; i++) {
        tickets.push(await apiWrite(server.baseUrl, cookie, "POST", "/api/tickets", { projectId: project.id, title: `Bench ticket ${i}` }));
        invoices.push(
          await apiWrite(server.baseUrl, cookie, "POST", "/api/invoices", { companyId: company.id, invoiceNumber: `BENCH-${i}`, amount: "120.00", issueDate: "2026-12-01" }),
        );
      }
      const paths: Record<Route, string[]> = {
        "ticket list": [`/api/tickets?companyId=${company.id}`],
        "ticket detail": tickets.map((ticket) => `/api/tickets/${ticket.id}`),
        "invoice detail": invoices.map((invoice) => `/api/invoices/${invoice.id}`),
      };
      const headers = { cookie, origin: server.baseUrl };
      for (const route of ROUTES) {
        const options = { connections: CONNECTIONS, headers, requests: paths[route].map((path) => ({ method: "GET" as const, path })) };
        await measure("warm-up", server.baseUrl, { ...options, seconds: 1 });
        const cpuBefore = readCpuMs(server.pid);
        const result = await measure(`${variant.name} ${route}`, server.baseUrl, { ...options, seconds });
        if (result.non2xx || result.errors) throw new Error(`${variant.name} ${route}: ${JSON.stringify(result.statusCodes)}, ${result.errors} errors`);
        const cpuUs = Math.round(((readCpuMs(server.pid) - cpuBefore) * 1000) / result.requests);
        const row = cell(variant.name, route);
        row.rps.push(result.requestsPerSec);
        row.p99.push(result.p99);
        row.cpuUs.push(cpuUs);
        console.log(`round ${round} ${variant.name} ${route}: ${result.requestsPerSec} req/s, p99 ${result.p99} ms, ${cpuUs} µs server CPU/req`);
      }
    } finally {
      await server.stop();
    }
  }
}

const [withLog, without] = variants.map((variant) => variant.name);
const ratioRows = ROUTES.map((route) => {
  const ours = cell(withLog!, route);
  const base = cell(without!, route);
  const ratio = median(ours.rps) / median(base.rps);
  return { route, ratio, line: `| ${route} | ${median(ours.rps)} (${ours.rps.join(", ")}) | ${median(base.rps)} (${base.rps.join(", ")}) | ${ratio.toFixed(2)} | ${median(ours.p99)} / ${median(base.p99)} | ${median(ours.cpuUs)} / ${median(base.cpuUs)} |` };
});
const held = ratioRows.filter((row) => row.ratio >= TARGET).length;
const lines = [
  "# Recording the team's reads: cost on an admin's list and details (`bench/access-log-cost.ts`)",
  "",
  `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? "cpu"} · load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(" / ")}, at the end ${loadavg().map((v) => v.toFixed(2)).join(" / ")}`,
  `PostgreSQL, production bundle, ${CONNECTIONS} connections, each route over ${RECORDS} records of one company, ${seconds} s per cell after 1 s warm-up, ${rounds} alternating rounds (medians; every round in parentheses).`,
  "",
  `| route | req/s with the log | req/s without (${baseCommit}) | ratio | p99 ms with / without | server CPU µs/req with / without |`,
  "|---|---:|---:|---:|---:|---:|",
  ...ratioRows.map((row) => row.line),
  "",
  `Target: every ratio at least ${TARGET.toFixed(2)} (within 1.1× of the build without the log). Held: ${held} of ${ROUTES.length}.`,
  "",
];
mkdirSync(join(benchRoot, "bench", "results"), { recursive: true });
writeFileSync(join(benchRoot, "bench", "results", "access-log-cost.md"), lines.join("\n"));
console.log(lines.join("\n"));
