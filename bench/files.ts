/**
 * Files (issue 15, ADR 022): what storing a large file in PostgreSQL costs the server.
 *
 *   createdb portico_files_bench   (an empty database: the server migrates it)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_files_bench npx tsx bench/files.ts
 *
 * In one run, on loopback, the production server as a child process:
 *   1. A 25 MB PDF uploaded as an invoice's PDF and downloaded again (bytes compared by SHA-256):
 *      wall time, MB/s, and the server's peak RSS above its idle RSS during each (target: under
 *      64 MiB). Beside them, the same file copied through `node:fs` streams, the floor on this disk.
 *   2. 50 connections downloading a 1 MB file for BENCH_SECONDS: requests/s, p50, p99.
 * FILE_STORE and the S3 settings pass through, so `FILE_STORE=s3 …` measures an S3 server instead.
 * Writes bench/results/files.md and .json.
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, openAsBlob, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { measure } from "./lib/load";
import { readRssMb, sampleRss, signIn, startBenchServer } from "./lib/server";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to an empty PostgreSQL database, e.g. postgres://postgres@127.0.0.1:5432/portico_files_bench");
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const LARGE_BYTES = 25_000_000;
const SMALL_BYTES = 1_000_000;
const ADMIN = { email: "bench-admin@files.portico.test", password: "quarry-lantern-harbor-91" };
const MB = 1_000_000;

const work = mkdtempSync(join(tmpdir(), "portico-files-bench-"));
/** A file `file-type` takes for a PDF (its magic bytes), the rest random so nothing compresses it. */
function pdfOf(bytes: number, name: string): string {
  const path = join(work, name);
  const head = Buffer.from("%PDF-1.7\n");
  const tail = Buffer.from("\n%%EOF\n");
  writeFileSync(path, Buffer.concat([head, randomBytes(bytes - head.length - tail.length), tail]));
  return path;
}
const sha256 = async (stream: AsyncIterable<Uint8Array>) => {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest("hex");
};
const seconds1 = (ms: number) => Math.round(ms) / 1000;
const round1 = (value: number) => Math.round(value * 10) / 10;

const large = pdfOf(LARGE_BYTES, "large.pdf");
const small = pdfOf(SMALL_BYTES, "small.pdf");
const largeDigest = await sha256(createReadStream(large));

const server = await startBenchServer({ DATABASE_URL: databaseUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
try {
  const cookie = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { cookie, origin: server.baseUrl, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string; pdf?: { id: string } | null };
  };
  const company = await api("POST", "/api/companies", { name: `Files bench ${Date.now()}` });
  const invoice = (number: string) =>
    api("POST", "/api/invoices", { companyId: company.id, invoiceNumber: `${number}-${Date.now()}`, amount: "10.00", issueDate: "2026-11-24" });
  const upload = async (invoiceId: string, path: string) => {
    const form = new FormData();
    // openAsBlob reads from disk as the request is sent: this process holds no copy of the file.
    form.set("file", await openAsBlob(path, { type: "application/pdf" }), "bench.pdf");
    const response = await fetch(`${server.baseUrl}/api/invoices/${invoiceId}/pdf`, { method: "PUT", headers: { cookie, origin: server.baseUrl }, body: form });
    if (response.status !== 200) throw new Error(`upload: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { pdf: { id: string } }).pdf.id;
  };

  // Idle: after one small round trip, so the connection pool and the JIT are warm.
  const warm = await invoice("WARM");
  await upload(warm.id, small);
  const idleMb = readRssMb(server.pid);

  const target = await invoice("LARGE");
  let rss = sampleRss(server.pid, 10);
  let started = performance.now();
  const largeId = await upload(target.id, large);
  const uploadMs = performance.now() - started;
  const uploadPeakMb = rss.stop();

  rss = sampleRss(server.pid, 10);
  started = performance.now();
  const download = await fetch(`${server.baseUrl}/api/files/${largeId}`, { headers: { cookie } });
  const downloadedDigest = await sha256(download.body!);
  const downloadMs = performance.now() - started;
  const downloadPeakMb = rss.stop();
  if (downloadedDigest !== largeDigest) throw new Error("the downloaded bytes differ from the uploaded ones");

  started = performance.now();
  await pipeline(createReadStream(large), createWriteStream(join(work, "copy.pdf")));
  const fsCopyMs = performance.now() - started;

  const smallId = await upload((await invoice("SMALL")).id, small);
  const concurrent = await measure("1 MB file, 50 connections", `${server.baseUrl}/api/files/${smallId}`, {
    connections: 50,
    seconds,
    warmupSeconds: 1,
    headers: { cookie },
  });
  if (concurrent.non2xx + concurrent.errors > 0) throw new Error(`concurrent downloads failed: ${JSON.stringify(concurrent.statusCodes)}, ${concurrent.errors} errors`);

  const rate = (ms: number) => round1(LARGE_BYTES / MB / (ms / 1000));
  const growth = (peak: number) => round1(peak - idleMb);
  const results = {
    date: new Date().toISOString(),
    store: process.env.FILE_STORE ?? "database",
    idleRssMiB: round1(idleMb),
    upload: { seconds: seconds1(uploadMs), mbPerSecond: rate(uploadMs), rssGrowthMiB: growth(uploadPeakMb) },
    download: { seconds: seconds1(downloadMs), mbPerSecond: rate(downloadMs), rssGrowthMiB: growth(downloadPeakMb) },
    fsCopy: { seconds: seconds1(fsCopyMs), mbPerSecond: rate(fsCopyMs) },
    concurrent,
  };
  const within = (mib: number) => (mib < 64 ? "yes" : "**no**");
  const report = `# Files: a 25 MB file through the server (${results.store} store)

${results.date}, PostgreSQL, this machine (2 cores). Idle RSS ${results.idleRssMiB} MiB.
Target: the server's RSS stays under 64 MiB above idle while a 25 MB file goes through. MB/s counts 1,000,000 bytes.

| what | seconds | MB/s | peak RSS above idle (MiB) | under 64 MiB |
|---|---:|---:|---:|---|
| upload (multipart, stored in chunks) | ${results.upload.seconds} | ${results.upload.mbPerSecond} | ${results.upload.rssGrowthMiB} | ${within(results.upload.rssGrowthMiB)} |
| download (streamed, SHA-256 checked) | ${results.download.seconds} | ${results.download.mbPerSecond} | ${results.download.rssGrowthMiB} | ${within(results.download.rssGrowthMiB)} |
| \`node:fs\` stream copy of the same file | ${results.fsCopy.seconds} | ${results.fsCopy.mbPerSecond} | – | – |

| 1 MB file, 50 connections, ${seconds} s | requests/s | p50 ms | p99 ms | errors |
|---|---:|---:|---:|---:|
| GET /api/files/{id} | ${concurrent.requestsPerSec} | ${concurrent.p50} | ${concurrent.p99} | ${concurrent.errors + concurrent.non2xx} |
`;
  mkdirSync("bench/results", { recursive: true });
  const name = results.store === "database" ? "files" : `files-${results.store}`;
  writeFileSync(`bench/results/${name}.md`, report);
  writeFileSync(`bench/results/${name}.json`, `${JSON.stringify(results, null, 2)}\n`);
  console.log(report);
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
