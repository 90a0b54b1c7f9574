/**
 * JavaScript and CSS each page loads, gzip, against the budgets of the performance issue:
 *   npx tsx bench/bundle-size.ts
 * What a page "loads" is the static-import closure of its route modules in Vite's manifest;
 * dynamic imports are other routes, fetched only on navigation. Builds with production settings
 * in a child process (a build inside a test runner would get NODE_ENV=test and React's dev build).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Manifest } from "vite";

const KiB = 1024;
const outDir = mkdtempSync(join(tmpdir(), "portico-bundle-"));
const build = spawnSync("node_modules/.bin/vite", ["build", "--manifest", "--outDir", outDir, "--logLevel", "error"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
if (build.status !== 0) process.exit(build.status ?? 1);
const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;

const gzipSize = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
const keys = (pattern: RegExp) => Object.keys(manifest).filter((key) => pattern.test(key));
const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);

function closureBytes(roots: string[]): { bytes: number; keys: string[] } {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  roots.forEach(visit);
  return { bytes: [...seen].reduce((sum, key) => sum + gzipSize(manifest[key]!.file), 0), keys: [...seen] };
}

const auth = closureBytes([...entry, ...keys(/app\/routes\/auth\.tsx$/)]);
const customer = closureBytes([...entry, ...keys(/customer-layout\.tsx$/), ...keys(/app\/routes\/dashboard\//)]);
const files = new Set(Object.values(manifest).map((chunk) => chunk.file));
const allJs = [...files].filter((file) => file.endsWith(".js")).reduce((sum, file) => sum + gzipSize(file), 0);
const css = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))].reduce((sum, file) => sum + gzipSize(file), 0);
const adminInCustomer = customer.keys.filter((key) => /routes\/admin\/|features\/admin-|admin-layout/.test(key));

const rows: Array<[string, number, number]> = [
  ["JavaScript for /auth", auth.bytes, 120 * KiB],
  ["JavaScript for the customer area", customer.bytes, 170 * KiB],
  ["all JavaScript", allJs, 350 * KiB],
  ["all CSS", css, 30 * KiB],
];
console.log("| what (gzip) | KiB | budget KiB | within |\n|---|---:|---:|---|");
for (const [name, bytes, budget] of rows) {
  console.log(`| ${name} | ${(bytes / KiB).toFixed(1)} | ${budget / KiB} | ${bytes <= budget ? "yes" : "no"} |`);
}
console.log(`\nAdmin modules reachable from the customer area: ${adminInCustomer.length === 0 ? "none" : adminInCustomer.join(", ")}`);
const largest = [...files]
  .filter((file) => file.endsWith(".js"))
  .map((file) => [file, gzipSize(file)] as const)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 5);
console.log(`Largest chunks: ${largest.map(([file, bytes]) => `${file} ${(bytes / KiB).toFixed(1)} KiB`).join(", ")}`);
