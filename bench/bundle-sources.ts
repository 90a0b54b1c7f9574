/**
 * Where a page's JavaScript bytes come from, per package or source file (gzip):
 *   npm run bench:bundle-sources                 # the customer area, by package
 *   npm run bench:bundle-sources -- auth files   # /auth, by file
 * Builds for production with source maps into a temporary folder, then shares each chunk's gzip
 * size among the sources its minified bytes come from (the source map's segments), and sums over
 * the chunks the page loads (bench/bundle-budget.ts). Bytes no source claims (import and export
 * lists, Vite's preload map) show as "(per-chunk overhead)". ADR 023 has a reading of it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { analyseBuild, KiB, type PageName } from "./bundle-budget";

const [page = "customer", by = "packages"] = process.argv.slice(2) as [PageName?, ("packages" | "files")?];
const root = fileURLToPath(new URL("..", import.meta.url));

const base64 = new Map([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((char, index) => [char, index]));

/** A source map's `mappings`, line by line: each segment's generated column and source index (-1: none). */
function decodeMappings(mappings: string): Array<Array<[column: number, source: number]>> {
  let source = 0;
  return mappings.split(";").map((line) => {
    let column = 0;
    return line
      .split(",")
      .filter(Boolean)
      .map((segment) => {
        const fields: number[] = [];
        for (let at = 0, value = 0, shift = 0; at < segment.length; at++) {
          const digit = base64.get(segment[at]!)!;
          value += (digit & 31) << shift;
          shift += 5;
          if (!(digit & 32)) {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = shift = 0;
          }
        }
        column += fields[0]!;
        if (fields.length > 1) source += fields[1]!;
        return [column, fields.length > 1 ? source : -1] as [number, number];
      });
  });
}

const nameOf = (source: string) => {
  const inPackage = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?$/);
  if (!inPackage) return source.replace(/^.*?\bsrc\//, "src/");
  return by === "files" ? `${inPackage[1]}${inPackage[2] ?? ""}` : inPackage[1]!;
};

const outDir = mkdtempSync(join(tmpdir(), "portico-bundle-sources-"));
try {
  const build = spawnSync(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "--sourcemap", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production", PORTICO_BUNDLE_REPORT: "1" },
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);

  const bytes = new Map<string, number>();
  const add = (name: string, amount: number) => bytes.set(name, (bytes.get(name) ?? 0) + amount);
  const load = analyseBuild(outDir).pages[page];
  let total = 0;
  for (const file of load.files) {
    // Without the source-map comment, as `npm run bench:bundle` measures the chunk.
    const code = readFileSync(join(outDir, file), "utf8").replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "");
    const gzip = gzipSync(code, { level: 9 }).length;
    total += gzip;
    if (!existsSync(join(outDir, `${file}.map`))) {
      add("(per-chunk overhead)", gzip);
      continue;
    }
    const map = JSON.parse(readFileSync(join(outDir, `${file}.map`), "utf8")) as { sources: string[]; mappings: string };
    const lines = code.split("\n");
    const lengths = new Map<string, number>();
    let mapped = 0;
    decodeMappings(map.mappings).forEach((segments, line) => {
      const text = lines[line] ?? "";
      segments.forEach(([column, source], index) => {
        const length = (segments[index + 1]?.[0] ?? text.length) - column;
        const name = source < 0 ? "(per-chunk overhead)" : nameOf(map.sources[source]!);
        lengths.set(name, (lengths.get(name) ?? 0) + length);
        mapped += length;
      });
    });
    for (const [name, length] of lengths) add(name, (gzip * length) / mapped);
  }

  console.log(`JavaScript for ${page}, gzip: ${(total / KiB).toFixed(1)} KiB in ${load.files.length} files, by ${by === "files" ? "file" : "package"}`);
  for (const [name, amount] of [...bytes].sort((a, b) => b[1] - a[1])) {
    if (amount >= 0.05 * KiB) console.log(`${(amount / KiB).toFixed(2).padStart(7)}  ${name}`);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
