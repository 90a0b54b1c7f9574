/**
 * The invoice CSV export (GET /api/invoices/export) on the large data set: 100,000 invoices.
 *   DATABASE_URL=postgres://…/portico_bench_export npm run seed:large
 *   DATABASE_URL=postgres://…/portico_bench_export npm run bench:export
 * Starts the production server against DATABASE_URL, signs in as the seeded admin and downloads
 * a searched export (10,000 rows) and the whole export (100,000), EXPORT_RUNS times (default 3),
 * counting bytes and rows as they arrive (nothing is kept). Per run: time to the first byte and to the end, rows, and the server's peak RSS
 * (VmHWM from /proc, reset before each run through clear_refs) against its idle RSS. The claim
 * under test: memory does not grow with the number of rows. Writes bench/results/invoice-export.md
 * and .json. Loopback only.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { readRssMb, signIn, startBenchServer } from "./lib/server";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to the PostgreSQL database seeded with `npm run seed:large`.");
  process.exit(2);
}
const runs = Number(process.env.EXPORT_RUNS ?? 3);
const ADMIN_EMAIL = "admin@seed.portico.test";
const SEED_PASSWORD = "seed-password-1";
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The process's peak RSS since start or the last reset, in MiB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Resets VmHWM to the current RSS (Linux: writing 5 to clear_refs), so a run's peak is its own, not start-up's. */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

const server = await startBenchServer({ DATABASE_URL: databaseUrl });
try {
  const cookie = await signIn(server.baseUrl, ADMIN_EMAIL, SEED_PASSWORD);
  const download = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie, origin: server.baseUrl } });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    let firstByteMs: number | undefined;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body!) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    // The seeded invoice numbers and company names hold no line breaks: a line is a row.
    return { seconds: Math.round((performance.now() - started) / 10) / 100, firstByteMs: Math.round(firstByteMs ?? 0), rows: lines - 1, mb: round1(bytes / 1e6) };
  };

  // Warm: the pool, the JIT and the export's code paths, on a small filtered export.
  await download("/api/invoices/export?q=SEED-0000");
  const idleMb = round1(readRssMb(server.pid));
  const results = [];
  // A tenth of the rows beside all of them: if memory held rows, the peaks would differ tenfold.
  const exports = [
    ["10,000 (q=SEED-001)", "/api/invoices/export?q=SEED-001"],
    ["all 100,000", "/api/invoices/export"],
  ] as const;
  for (let run = 1; run <= runs; run++) {
    for (const [label, path] of exports) {
      resetPeak(server.pid);
      const before = round1(readRssMb(server.pid));
      const measured = await download(path);
      const peak = round1(peakRssMb(server.pid));
      results.push({ run, export: label, ...measured, rssBeforeMiB: before, peakRssMiB: peak, peakAboveIdleMiB: round1(peak - idleMb) });
      console.log(JSON.stringify(results.at(-1)));
    }
  }
  const summary = { date: new Date().toISOString(), loadAverage: loadavg().map(round1), idleRssMiB: idleMb, runs: results };
  const rowsOf = results.map((result) => `| ${result.run} | ${result.export} | ${result.rows} | ${result.mb} | ${result.firstByteMs} | ${result.seconds} | ${result.peakRssMiB} | ${result.peakAboveIdleMiB} |`).join("\n");
  const report = `# Invoice CSV export on the large data set

${summary.date}, PostgreSQL, production server, this machine (2 cores, load average ${summary.loadAverage.join(" ")} at the end).
GET /api/invoices/export as the seeded admin, newest first, read to the end: searched (a tenth of the rows), then unfiltered.
Idle RSS after a warm-up export: ${idleMb} MiB. Peak RSS is VmHWM, reset before each run.

| run | export | rows | MB | first byte ms | seconds | peak RSS MiB | peak above idle MiB |
|---:|---|---:|---:|---:|---:|---:|---:|
${rowsOf}
`;
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/invoice-export.md", report);
  writeFileSync("bench/results/invoice-export.json", `${JSON.stringify(summary, null, 2)}\n`);
  console.log(report);
} finally {
  await server.stop();
}
