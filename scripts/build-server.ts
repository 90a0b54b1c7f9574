/**
 * Builds the production server: `src/server/index.ts` bundled by esbuild into
 * `dist/server/index.mjs` (ADR 007). Plain `node` then starts it in ~0.3 s instead of tsx
 * transforming the module graph file by file (1.5 s, 190 MiB).
 *
 *   tsx scripts/build-server.ts                 # → dist/server/index.mjs (part of `npm run build`)
 *   tsx scripts/build-server.ts --outdir DIR    # → DIR/index.mjs (e2e runs: one folder per run)
 *
 * Also the "is the build missing or older than its sources?" checks that `npm start`, the
 * benchmarks and the e2e config share.
 */
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const defaultServerOutdir = join(root, "dist/server");
export const defaultWebOutdir = join(root, "dist/web");

/**
 * Node options of the production server (docs/performance.md). A young generation of 32 MiB
 * instead of 16: at 100 concurrent list requests the in-flight pages survived V8's frequent
 * small scavenges, which then cost 0.65 ms of every request; with 32 MiB they cost 0.17 ms. Idle
 * memory does not grow (the space grows only under load).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"] as const;

/**
 * Packages left to node_modules at run time. PGlite ships WASM and data files it finds next to its
 * own JS (and is only imported when DATABASE_URL is unset); pg-native is an optional native addon
 * `pg` tries to require; pino-pretty is a development dependency, imported only in development
 * when stdout is a terminal (src/server/observability/logger.ts), so it must not be bundled.
 * pdfkit loads its standard fonts' metrics through its own package.json `imports`
 * (`#standard-fonts/…`), which resolve only from its folder (invoice PDFs, ADR 025).
 */
const external = ["@electric-sql/pglite", "@electric-sql/pglite/*", "pg-native", "pino-pretty", "pdfkit"];

/** Newest modification time (ms) of the files under `paths` (files or folders), 0 when none exist. */
function newestMtime(paths: string[], skip: (path: string) => boolean = () => false): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path) || skip(path)) continue;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime([join(path, entry)], skip));
  }
  return newest;
}

/** True when `output` is missing or older than any of `inputs`. */
function isStale(output: string, inputs: string[], skip?: (path: string) => boolean): boolean {
  return !existsSync(output) || newestMtime(inputs, skip) > statSync(output).mtimeMs;
}

const lockfiles = [join(root, "package.json"), join(root, "package-lock.json")];
const isTestFile = (path: string) => path.endsWith(".test.ts") || path === join(root, "src/server/test");

export function serverBuildIsStale(outdir = defaultServerOutdir): boolean {
  const inputs = [join(root, "src/server"), join(root, "src/shared"), fileURLToPath(import.meta.url), ...lockfiles];
  return isStale(join(outdir, "index.mjs"), inputs, isTestFile);
}

export function webBuildIsStale(outdir = defaultWebOutdir): boolean {
  const inputs = [join(root, "src/web"), join(root, "src/shared"), join(root, "vite.config.ts"), ...["area-catalogues", "lingui-macros", "web-import-graph"].map((name) => join(root, `scripts/${name}.ts`)), ...lockfiles];
  return isStale(join(outdir, "index.html"), inputs);
}

export interface BuildServerOptions {
  /** Folder for index.mjs (and its lazily loaded chunks); default dist/server. */
  outdir?: string;
}

/** Bundles the server; answers the path of the entry file to run with `node`. */
export async function buildServer(options: BuildServerOptions = {}): Promise<string> {
  const { build } = await import("esbuild");
  const outdir = resolve(options.outdir ?? defaultServerOutdir);
  mkdirSync(outdir, { recursive: true });
  // Chunks are content-hashed: drop the previous build's (only files named as esbuild names them
  // below) so the folder does not grow.
  for (const file of readdirSync(outdir)) if (/^(index|.+-[A-Z0-9]{8})\.mjs$/.test(file)) rmSync(join(outdir, file));
  await build({
    absWorkingDir: root,
    entryPoints: { index: "src/server/index.ts" },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Splitting puts what `import()` loads (PGlite's Drizzle driver and migrator) in its own chunk,
    // so a PostgreSQL server never evaluates it nor the external PGlite it imports. Chunks sit next
    // to index.mjs: every file then has the same import.meta.url folder (see projectRoot).
    splitting: true,
    entryNames: "[name]",
    chunkNames: "[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    external,
    // Not minified and no source map: stack traces point at readable code (each module is headed
    // by its source path). Minifying saved ~20 ms of CPU at start and 3 MiB here, not worth it.
    // Bundled CommonJS (pg, …) calls require() for Node built-ins; an ES module has none.
    banner: { js: 'import { createRequire as __porticoCreateRequire } from "node:module"; const require = __porticoCreateRequire(import.meta.url);' },
    // Paths of the checkout (drizzle/, dist/web) relative to the bundle; see projectRoot() in src/server/env.ts.
    define: { __PORTICO_ROOT_FROM_BUNDLE__: JSON.stringify(relative(outdir, root) || ".") },
    legalComments: "none",
    logLevel: "warning",
  });
  // Outside the checkout (a temporary folder), the external packages would not resolve: Node looks
  // for node_modules above the importing file. A link to ours makes them resolve as they do from dist/.
  const fromRoot = relative(root, outdir);
  if (fromRoot.startsWith("..") || isAbsolute(fromRoot)) {
    const link = join(outdir, "node_modules");
    if (!existsSync(link) && !isSymlink(link)) symlinkSync(join(root, "node_modules"), link, "dir");
  }
  return join(outdir, "index.mjs");
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Builds the web app with Vite into `outdir` (default dist/web). */
export function buildWeb(outdir = defaultWebOutdir): void {
  const result = spawnSync(join(root, "node_modules/.bin/vite"), ["build", "--logLevel", "warn", "--outDir", outdir], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`vite build exited with ${result.status ?? result.signal}`);
}

/** Builds what is missing or stale: the web app and/or the server, in their default folders. */
export async function ensureBuilt(what: { web?: boolean; server?: boolean }, log: (line: string) => void = console.log): Promise<void> {
  if (what.web && webBuildIsStale()) {
    log("Building the web app...");
    buildWeb();
  }
  if (what.server && serverBuildIsStale()) {
    log("Building the server...");
    await buildServer();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--outdir");
  const outdir = at > 0 ? process.argv[at + 1] : undefined;
  if (at > 0 && !outdir) {
    console.error("usage: tsx scripts/build-server.ts [--outdir DIR]");
    process.exit(2);
  }
  const started = performance.now();
  const entry = await buildServer({ outdir });
  console.log(`Server built: ${relative(process.cwd(), entry) || entry} (${Math.round(performance.now() - started)} ms)`);
}
