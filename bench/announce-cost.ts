/**
 * What announcing a write inside its transaction costs the create endpoints (issue 47, ADR 038):
 * requests/s and p99 of `POST /api/messages`, `POST /api/tickets` and
 * `POST /api/tickets/{id}/comments` with this build against the build of `--base-commit` (the
 * commit before, which announced after the commit in a transaction of its own), in alternating
 * rounds, each round on a fresh PostgreSQL database per build.
 *
 *   npx tsx bench/announce-cost.ts [--base-commit 6ec83fc] [--rounds 3] [--seconds 5] [--out announce-cost]
 *   (BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432 by default)
 *
 * The same cells compare any two builds' writes: `--base-commit 568ea78 --out change-recorder-cost`
 * measures the change recorder (ADR 040) against the build before it.
 *
 * Acceptance: each endpoint's requests/s and p99 within 1.1 × of the base build's. The base build
 * is made once into a git worktree under the system's temporary folder. Writes
 * bench/results/<out>.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/build-server";
import { baseBuild, benchArg, benchRoot } from "./lib/base-build";
import { measure } from "./lib/load";
import { apiWrite, ensureBenchServerBuilt, freshDatabase, readCpuMs, signIn, startProcessServer } from "./lib/server";

const baseCommit = benchArg("--base-commit") ?? "6ec83fc";
const rounds = Number(benchArg("--rounds") ?? 3);
const seconds = Number(benchArg("--seconds") ?? 5);
const out = benchArg("--out") ?? "announce-cost";
const CONNECTIONS = 10;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
const ADMIN = { email: "bench-admin@announce.portico.test", password: "harbor-ledger-lantern-61" };
const root = benchRoot;

const variants = [
  { name: "this build", entry: await ensureBenchServerBuilt(), database: "portico_bench_announce_in" },
  { name: `base (${baseCommit})`, entry: baseBuild(baseCommit), database: "portico_bench_announce_after" },
];
const endpoints = ["POST /api/messages", "POST /api/tickets", "POST /api/tickets/{id}/comments"] as const;
type Figures = { rps: number[]; p99: number[]; cpuUs: number[] };
const results = new Map<string, Figures>();
const cell = (variant: string, endpoint: string) => {
  const key = `${variant} · ${endpoint}`;
  if (!results.has(key)) results.set(key, { rps: [], p99: [], cpuUs: [] });
  return results.get(key)!;
};
const loadAtStart = loadavg();

for (let round = 1; round <= rounds; round++) {
  // Alternate which build goes first, so neither always gets the quieter half of a round.
  for (const variant of round % 2 ? variants : variants.toReversed()) {
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
      const threads = await Promise.all(
        Array.from({ length: CONNECTIONS }, (_, i) => apiWrite(server.baseUrl, cookie, "POST", "/api/tickets", { projectId: project.id, title: `Thread ${i}` })),
      );
      const headers = { cookie, origin: server.baseUrl, "content-type": "application/json" };
      const requestsOf: Record<(typeof endpoints)[number], Array<{ method: "POST"; path: string; body: string }>> = {
        "POST /api/messages": [{ method: "POST", path: "/api/messages", body: JSON.stringify({ companyId: company.id, content: "Bench message" }) }],
        "POST /api/tickets": [{ method: "POST", path: "/api/tickets", body: JSON.stringify({ projectId: project.id, title: "Bench ticket" }) }],
        "POST /api/tickets/{id}/comments": threads.map((ticket) => ({ method: "POST", path: `/api/tickets/${ticket.id}/comments`, body: JSON.stringify({ content: "Bench comment" }) })),
      };
      for (const endpoint of endpoints) {
        const options = { connections: CONNECTIONS, headers, requests: requestsOf[endpoint] };
        await measure("warm-up", server.baseUrl, { ...options, seconds: 1 });
        const cpuBefore = readCpuMs(server.pid);
        const result = await measure(endpoint, server.baseUrl, { ...options, seconds });
        if (result.non2xx || result.errors) throw new Error(`${variant.name} ${endpoint}: ${JSON.stringify(result.statusCodes)}, ${result.errors} errors`);
        const cpuUs = Math.round(((readCpuMs(server.pid) - cpuBefore) * 1000) / result.requests);
        const figures = cell(variant.name, endpoint);
        figures.rps.push(result.requestsPerSec);
        figures.p99.push(result.p99);
        figures.cpuUs.push(cpuUs);
        console.log(`round ${round} ${variant.name} ${endpoint}: ${result.requestsPerSec} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${cpuUs} µs server CPU/req`);
      }
    } finally {
      await server.stop();
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const [current, base] = variants;
const ratioRows = endpoints.map((endpoint) => {
  const now = cell(current!.name, endpoint);
  const before = cell(base!.name, endpoint);
  const rps = median(now.rps) / median(before.rps);
  const p99 = median(now.p99) / median(before.p99);
  // Within 1.1 ×: no more than 10 % fewer requests/s, no more than 10 % longer p99.
  return { endpoint, rps, p99, held: rps >= 1 / 1.1 && p99 <= 1.1 };
});
const lines = [
  `# The create endpoints, this build against ${baseCommit} (\`bench/announce-cost.ts --out ${out}\`)`,
  "",
  `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? "cpu"} · load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(" / ")}, at the end ${loadavg().map((v) => v.toFixed(2)).join(" / ")}`,
  `PostgreSQL, production bundle, ${CONNECTIONS} connections, admin creates, ${seconds} s per cell after 1 s warm-up, ${rounds} alternating rounds (medians; every round in parentheses).`,
  "",
  "| build | endpoint | req/s | p99 ms | server CPU µs/req |",
  "|---|---|---:|---:|---:|",
  ...variants.flatMap((variant) =>
    endpoints.map((endpoint) => {
      const f = cell(variant.name, endpoint);
      return `| ${variant.name} | ${endpoint} | ${median(f.rps)} (${f.rps.join(", ")}) | ${median(f.p99)} (${f.p99.join(", ")}) | ${median(f.cpuUs)} |`;
    }),
  ),
  "",
  "| endpoint | req/s this ÷ base | p99 this ÷ base | within 1.1 × |",
  "|---|---:|---:|---|",
  ...ratioRows.map((row) => `| ${row.endpoint} | ${row.rps.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.held ? "held" : "**not held**"} |`),
  "",
];
mkdirSync(join(root, "bench", "results"), { recursive: true });
writeFileSync(join(root, "bench", "results", `${out}.md`), lines.join("\n"));
console.log(lines.join("\n"));
