/**
 * Where one request's CPU goes, ours beside the baseline (issue 21: "find the fixed cost per
 * request — a CPU profile of a 100-connection run — and cut it").
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench npx tsx bench/request-profile.ts             # GET /api/me
 *   DATABASE_URL=… npx tsx bench/request-profile.ts --path /api/companies/c0000000-0000-4000-8000-000000000001 --baseline /customer/companies/c0000000-0000-4000-8000-000000000001
 *
 * Runs the production server and `bench/baseline-server.ts`, each under `node --cpu-prof`, loads
 * each with autocannon at 100 connections (as the customer of `npm run seed:large`), stops them so
 * that the profiles are written, and sorts every sample's self time into buckets: the package whose
 * code ran (read from the bundle's `// node_modules/<package>/…` and `// src/…` markers), Node's
 * HTTP and stream internals, socket writes, garbage collection. Start-up (module evaluation) and
 * idle time are left out. Prints µs of CPU per request per bucket, and writes
 * bench/results/request-profile.md.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { measure } from "./lib/load";
import { ensureBenchServerBuilt, readCpuMs, signIn, startProcessServer } from "./lib/server";
import { SERVER_NODE_FLAGS } from "../scripts/build-server";

const { values: args } = parseArgs({
  options: {
    path: { type: "string", default: "/api/me" },
    baseline: { type: "string", default: "/customer/me" },
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "100" },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to the database seeded with `npm run seed:large`.");
  process.exit(2);
}
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const CUSTOMER_EMAIL = "customer1@seed.portico.test";
const SEED_PASSWORD = "seed-password-1";

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

/** Which package each line of a bundled file belongs to, from esbuild's `// path` markers. */
function packageLines(file: string): (line: number) => string {
  const markers: Array<{ line: number; owner: string }> = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((text, line) => {
      const match = /^\/\/ (node_modules\/(?:(@[^/]+\/[^/]+)|([^/]+))|src\/[^/]+\/[^/]+|scripts\/[^/]+)/.exec(text);
      if (match) markers.push({ line, owner: match[2] ?? match[3] ?? `ours: ${match[1]}` });
    });
  return (line) => {
    let owner = "bundle (unmarked)";
    for (const marker of markers) {
      if (marker.line > line) break;
      owner = marker.owner;
    }
    return owner;
  };
}

const NATIVE_WRITES = new Set(["writev", "writeString", "writeBuffer", "writeUtf8String", "writeLatin1String"]);

function bucketOf(frame: CpuProfile["nodes"][number]["callFrame"], bundles: Map<string, (line: number) => string>): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === "(garbage collector)") return "garbage collection";
    if (NATIVE_WRITES.has(functionName)) return "socket writes (syscalls)";
    if (functionName === "runMicrotasks") return "promise microtasks (native)";
    if (functionName.startsWith("(")) return functionName;
    return "native (other)";
  }
  if (url.startsWith("node:")) {
    const name = url.slice(5);
    if (/^(_http|http)/.test(name)) return "node: http";
    if (/^(net|stream|internal\/streams|internal\/stream_base)/.test(name)) return "node: sockets and streams";
    if (/async_hooks|async_context/.test(name)) return "node: async hooks (AsyncLocalStorage)";
    if (name.includes("undici")) return "node: WHATWG Headers, Request, Response (undici)";
    if (name.includes("crypto")) return "node: crypto (HMAC, randomUUID)";
    if (/timers|task_queues|events/.test(name)) return "node: timers, ticks, events";
    return "node: other";
  }
  const path = url.replace(/^file:\/\//, "");
  const bundle = bundles.get(path);
  if (bundle) return bundle(frame.lineNumber);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1]!;
  if (path.includes("/bench/")) return "ours: bench/baseline-server.ts";
  return path.replace(/.*\/(src|scripts)\//, "ours: $1/");
}

interface ProfileSummary {
  requests: number;
  /** µs of CPU per request by bucket, start-up and idle left out. */
  perRequestUs: Map<string, number>;
  totalUs: number;
}

function summarise(file: string, requests: number): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const bundles = new Map<string, (line: number) => string>();
  for (const node of profile.nodes) {
    const path = node.callFrame.url.replace(/^file:\/\//, "");
    if (/dist\/server\/[^/]+\.mjs$/.test(path) && !bundles.has(path)) bundles.set(path, packageLines(path));
  }
  // Module evaluation (start-up) is not a request's cost.
  const startUp = new Map<number, boolean>();
  const isStartUp = (id: number): boolean => {
    const known = startUp.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const here = node.callFrame.functionName === "run" && node.callFrame.url.includes("module_job");
    const value = here || (parent.has(id) ? isStartUp(parent.get(id)!) : false);
    startUp.set(id, value);
    return value;
  };
  const totals = new Map<string, number>();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const bucket = bucketOf(node.callFrame, bundles);
    if (bucket === "(idle)" || bucket === "(root)" || isStartUp(id)) return;
    const us = profile.timeDeltas[i] ?? 0;
    totals.set(bucket, (totals.get(bucket) ?? 0) + us);
    totalUs += us;
  });
  const perRequestUs = new Map([...totals].map(([bucket, us]) => [bucket, us / requests]));
  return { requests, perRequestUs, totalUs: totalUs / requests };
}

async function profileOne(label: string, serverArgs: string[], env: Record<string, string | undefined>, readyPath: string, path: string, cookie: (baseUrl: string) => Promise<Record<string, string>>) {
  const dir = mkdtempSync(join(tmpdir(), "portico-profile-"));
  const server = await startProcessServer({ args: ["--cpu-prof", `--cpu-prof-dir=${dir}`, ...serverArgs], env, readyPath });
  try {
    const headers = await cookie(server.baseUrl);
    const warm = await measure(label, server.baseUrl + path, { connections, seconds: 1, headers });
    const cpuBefore = readCpuMs(server.pid);
    const row = await measure(label, server.baseUrl + path, { connections, seconds, headers });
    const cpuUsPerRequest = ((readCpuMs(server.pid) - cpuBefore) * 1000) / row.requests;
    console.log(`  ${label}: ${row.requestsPerSec} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}`);
    await server.stop();
    const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error(`${label}: no profile written`);
    // The sign-in and readiness probes are a handful of requests among tens of thousands.
    return { row, cpuUsPerRequest, summary: summarise(join(dir, file), warm.requests + row.requests) };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const entry = resolve(await ensureBenchServerBuilt());
console.log(`Profiling ${args.path} (ours) and ${args.baseline} (baseline), ${connections} connections, ${seconds} s each`);
const ours = await profileOne(
  `ours GET ${args.path}`,
  [...SERVER_NODE_FLAGS, entry],
  { NODE_ENV: "production", AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01", LOG_LEVEL: "info", DATABASE_URL: databaseUrl },
  "/api/ready",
  args.path,
  async (baseUrl) => ({ cookie: await signIn(baseUrl, CUSTOMER_EMAIL, SEED_PASSWORD) }),
);
const baseline = await profileOne(
  `baseline GET ${args.baseline}`,
  ["--import", "tsx", "bench/baseline-server.ts"],
  { DATABASE_URL: databaseUrl, BASELINE_CUSTOMER_EMAIL: CUSTOMER_EMAIL },
  "/ready",
  args.baseline,
  () => Promise.resolve({}),
);

const buckets = [...new Set([...ours.summary.perRequestUs.keys(), ...baseline.summary.perRequestUs.keys()])].sort(
  (a, b) => (ours.summary.perRequestUs.get(b) ?? 0) - (ours.summary.perRequestUs.get(a) ?? 0),
);
const us = (value: number | undefined) => (value === undefined ? "–" : value.toFixed(1));
const lines = [
  `# Where a request's CPU goes: ${args.path} against the baseline's ${args.baseline}`,
  "",
  `${new Date().toISOString()} · \`npx tsx bench/request-profile.ts --path ${args.path} --baseline ${args.baseline}\` · ${connections} connections, ${seconds} s after 1 s of warm-up, each server under \`node --cpu-prof\`.`,
  `Ours ${ours.row.requestsPerSec} req/s (p99 ${ours.row.p99} ms), the baseline ${baseline.row.requestsPerSec} req/s (p99 ${baseline.row.p99} ms). Self time of every sample, start-up and idle left out, divided by the requests served; a bundled package is read from the bundle's path markers. The profiler samples the main thread's stack on a clock, so a bucket holds wall time: on a busy machine a system call that wakes another process (a socket write on loopback) also holds the time the kernel gave that process. The process's CPU time from /proc is the figure to compare across processes; the buckets say where it goes.`,
  "",
  "| where | ours µs / request | baseline µs / request |",
  "|---|---:|---:|",
  ...buckets.map((bucket) => `| ${bucket} | ${us(ours.summary.perRequestUs.get(bucket))} | ${us(baseline.summary.perRequestUs.get(bucket))} |`),
  `| **all samples of the main thread** (wall time while not idle: includes time the machine gave to others mid-call) | **${us(ours.summary.totalUs)}** | **${us(baseline.summary.totalUs)}** |`,
  `| **the process's CPU time from /proc** (every thread) | **${us(ours.cpuUsPerRequest)}** | **${us(baseline.cpuUsPerRequest)}** |`,
  "",
];
const markdown = lines.join("\n");
console.log(`\n${markdown}`);
const name = args.path === "/api/me" ? "me" : args.path.split("/")[2]!;
writeFileSync(`bench/results/request-profile-${name}.md`, markdown);
console.log(`Written: bench/results/request-profile-${name}.md`);
process.exit(0);
