/**
 * What recording a ticket's history costs its update route (issue 18, ADR 028): requests/s and
 * the server's CPU per request of `PATCH /api/tickets/{id}` with the history (this build) and
 * without it (the build of `--base-commit`, by default the commit before the history existed),
 * in the same run, in alternating rounds, each on a PostgreSQL database of its own.
 *
 *   npx tsx bench/activity-cost.ts [--base-commit 18b3650] [--rounds 3] [--seconds 5]
 *   (BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432 by default)
 *
 * Each request flips the ticket between Pending and Doing, so every one changes a field: with
 * the history that is one more row, a row lock and a transaction per request. The base build is
 * made once into a git worktree under the system's temporary folder. Writes
 * bench/results/activity-cost.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/build-server";
import { baseBuild, benchArg, benchRoot } from "./lib/base-build";
import { measure } from "./lib/load";
import { apiWrite, ensureBenchServerBuilt, freshDatabase, readCpuMs, signIn, startProcessServer } from "./lib/server";

const baseCommit = benchArg("--base-commit") ?? "18b3650";
const rounds = Number(benchArg("--rounds") ?? 3);
const seconds = Number(benchArg("--seconds") ?? 5);
const CONNECTIONS = 10;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
const ADMIN = { email: "bench-admin@activity.portico.test", password: "harbor-ledger-lantern-61" };
const root = benchRoot;

const variants = [
  { name: "with history (this build)", entry: await ensureBenchServerBuilt(), database: "portico_bench_activity_with" },
  { name: `without (${baseCommit})`, entry: baseBuild(baseCommit), database: "portico_bench_activity_without" },
];
const results = new Map<string, { rps: number[]; cpuUs: number[]; p50: number[]; p99: number[] }>();
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
      // One ticket per connection, so requests wait on no other request's row lock.
      const tickets = await Promise.all(
        Array.from({ length: CONNECTIONS }, (_, i) => apiWrite(server.baseUrl, cookie, "POST", "/api/tickets", { projectId: project.id, title: `Bench ticket ${i}` })),
      );
      const headers = { cookie, origin: server.baseUrl, "content-type": "application/json" };
      const requests = tickets.flatMap((ticket) =>
        ["doing", "pending"].map((status) => ({ method: "PATCH" as const, path: `/api/tickets/${ticket.id}`, body: JSON.stringify({ status }) })),
      );
      const options = { connections: CONNECTIONS, headers, requests };
      await measure("warm-up", server.baseUrl, { ...options, seconds: 1 });
      const cpuBefore = readCpuMs(server.pid);
      const result = await measure(variant.name, server.baseUrl, { ...options, seconds });
      if (result.non2xx || result.errors) throw new Error(`${variant.name}: ${JSON.stringify(result.statusCodes)}, ${result.errors} errors`);
      const cpuUs = Math.round(((readCpuMs(server.pid) - cpuBefore) * 1000) / result.requests);
      const row = results.get(variant.name) ?? { rps: [], cpuUs: [], p50: [], p99: [] };
      row.rps.push(result.requestsPerSec);
      row.cpuUs.push(cpuUs);
      row.p50.push(result.p50);
      row.p99.push(result.p99);
      results.set(variant.name, row);
      console.log(`round ${round} ${variant.name}: ${result.requestsPerSec} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${cpuUs} µs server CPU/req`);
    } finally {
      await server.stop();
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const [withHistory, without] = variants.map((variant) => results.get(variant.name)!);
const lines = [
  "# Recording a ticket's history: cost on its update route (`bench/activity-cost.ts`)",
  "",
  `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? "cpu"} · load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(" / ")}, at the end ${loadavg().map((v) => v.toFixed(2)).join(" / ")}`,
  `PostgreSQL, production bundle, ${CONNECTIONS} connections (a ticket each), PATCH status flipping Pending ↔ Doing, ${seconds} s per cell after 1 s warm-up, ${rounds} alternating rounds (medians; every round in parentheses).`,
  "",
  "| variant | req/s | p50 ms | p99 ms | server CPU µs/req |",
  "|---|---:|---:|---:|---:|",
  ...variants.map((variant) => {
    const row = results.get(variant.name)!;
    return `| ${variant.name} | ${median(row.rps)} (${row.rps.join(", ")}) | ${median(row.p50)} | ${median(row.p99)} | ${median(row.cpuUs)} (${row.cpuUs.join(", ")}) |`;
  }),
  "",
  `With the history: ${((median(withHistory!.rps) / median(without!.rps)) * 100).toFixed(0)} % of the requests/s without it; ${median(withHistory!.cpuUs) - median(without!.cpuUs)} µs more server CPU per request.`,
  "",
];
mkdirSync(join(root, "bench", "results"), { recursive: true });
writeFileSync(join(root, "bench", "results", "activity-cost.md"), lines.join("\n"));
console.log(lines.join("\n"));
