/**
 * What the request log and the metrics cost a request (ADR 016): the production bundle on PGlite,
 * `/api/health` (no query) and `/api/me` (a cached session, no query), so the middleware's own
 * CPU is most of what is measured. Variants, each started fresh and measured in rounds that
 * alternate, so a machine whose load drifts spreads the drift over all of them:
 *
 *   silent          LOG_LEVEL=silent, metrics off (no line is written)
 *   info            LOG_LEVEL=info (the default): one JSON line per request, to /dev/null
 *   info + metrics  the same with METRICS_TOKEN set (counter and histogram per request)
 *   base            another build, with `--base path/to/index.mjs` (e.g. of the commit before)
 *
 *   npx tsx bench/observability-cost.ts [--base DIR/dist/server/index.mjs] [--rounds 3] [--seconds 5]
 *
 * Besides requests/s, the server's own CPU time per request (from /proc, during the measured
 * seconds): on a shared machine whose load changes, throughput follows the load, while the CPU a
 * request costs stays. Prints a table and writes bench/results/observability-cost.md. Cold start
 * and idle RSS are recorded per start too (ADR 007's targets).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/build-server";
import { measure } from "./lib/load";
import { ensureBenchServerBuilt, readCpuMs, signIn, startProcessServer, type EnvOverrides } from "./lib/server";

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const base = arg("--base");
const rounds = Number(arg("--rounds") ?? 3);
const seconds = Number(arg("--seconds") ?? 5);
const CONNECTIONS = 50;
const ADMIN = { email: "bench-admin@example.test", password: "orchard-keeper-8" };

interface Variant {
  name: string;
  entry: string;
  env: EnvOverrides;
}

const entry = await ensureBenchServerBuilt();
const variants: Variant[] = [
  { name: "silent", entry, env: { LOG_LEVEL: "silent" } },
  { name: "info", entry, env: { LOG_LEVEL: "info" } },
  { name: "info + metrics", entry, env: { LOG_LEVEL: "info", METRICS_TOKEN: "bench-metrics-token-0123456789" } },
  ...(base ? [{ name: "base (--base)", entry: base, env: { LOG_LEVEL: "info" } }] : []),
];

const dataDir = mkdtempSync(join(tmpdir(), "portico-obs-bench-"));
const rows = new Map<string, { health: number[]; me: number[]; healthCpu: number[]; meCpu: number[]; coldMs: number[]; rss: number[] }>();
const loadAtStart = loadavg();
try {
  for (let round = 1; round <= rounds; round++) {
    for (const variant of variants) {
      const server = await startProcessServer({
        args: [...SERVER_NODE_FLAGS, variant.entry],
        env: { NODE_ENV: "production", AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01", DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...variant.env },
        readyPath: "/api/ready",
      });
      try {
        const rss = server.rssMb();
        const cookie = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
        /** Runs one cell; the server's CPU µs per request over its measured part (the warm-up runs first, unmeasured). */
        const cell = async (name: string, path: string, headers: Record<string, string> = {}) => {
          await measure(name, `${server.baseUrl}${path}`, { connections: CONNECTIONS, seconds: 1, headers });
          const cpuBefore = readCpuMs(server.pid);
          const result = await measure(name, `${server.baseUrl}${path}`, { connections: CONNECTIONS, seconds, headers });
          return { result, cpuUs: Math.round(((readCpuMs(server.pid) - cpuBefore) * 1000) / result.requests) };
        };
        const { result: health, cpuUs: healthCpu } = await cell("health", "/api/health");
        const { result: me, cpuUs: meCpu } = await cell("me", "/api/me", { cookie });
        for (const result of [health, me]) if (result.non2xx || result.errors) throw new Error(`${variant.name} ${result.name}: ${JSON.stringify(result.statusCodes)}, ${result.errors} errors`);
        const row = rows.get(variant.name) ?? { health: [], me: [], healthCpu: [], meCpu: [], coldMs: [], rss: [] };
        row.health.push(health.requestsPerSec);
        row.me.push(me.requestsPerSec);
        row.healthCpu.push(healthCpu);
        row.meCpu.push(meCpu);
        row.coldMs.push(Math.round(server.coldStartMs));
        row.rss.push(Math.round(rss));
        rows.set(variant.name, row);
        console.log(
          `round ${round} ${variant.name}: health ${health.requestsPerSec} req/s ${healthCpu} µs CPU/req, me ${me.requestsPerSec} req/s ${meCpu} µs CPU/req, cold start ${Math.round(server.coldStartMs)} ms, RSS ${Math.round(rss)} MiB`,
        );
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const reference = rows.get("silent")!;
const lines = [
  "# Request log and metrics: cost per request (`bench/observability-cost.ts`)",
  "",
  `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? "cpu"} · load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(" / ")}, at the end ${loadavg().map((v) => v.toFixed(2)).join(" / ")}`,
  `PGlite, production bundle, ${CONNECTIONS} connections, ${seconds} s per cell after 1 s warm-up, ${rounds} alternating rounds (medians; every round in parentheses). Log lines go to /dev/null.`,
  "",
  "| variant | /api/health CPU µs/req | − silent | /api/me CPU µs/req | − silent | /api/health req/s | /api/me req/s | cold start ms | RSS idle MiB |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...[...rows].map(
    ([name, row]) =>
      "| " +
      [
        name,
        `${median(row.healthCpu)} (${row.healthCpu.join(", ")})`,
        median(row.healthCpu) - median(reference.healthCpu),
        `${median(row.meCpu)} (${row.meCpu.join(", ")})`,
        median(row.meCpu) - median(reference.meCpu),
        `${median(row.health)} (${row.health.join(", ")})`,
        `${median(row.me)} (${row.me.join(", ")})`,
        median(row.coldMs),
        median(row.rss),
      ].join(" | ") +
      " |",
  ),
  "",
];
writeFileSync(join(import.meta.dirname, "results/observability-cost.md"), lines.join("\n"));
console.log(lines.join("\n"));
