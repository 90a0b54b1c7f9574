/**
 * The web app's byte budgets (performance issue 7), shared by `npm run bench:bundle` (prints the
 * table) and src/web/bundle-budget.test.ts (fails `npm test` when a budget is broken).
 *
 * What a page "loads" is the static-import closure of the chunks holding its route modules, plus
 * the entry: dynamic imports are other screens (fetched on navigation) or sonner (fetched with
 * the first toast). The build runs with production settings in a child process: a build inside a
 * test runner would get NODE_ENV=test and React's development build.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { webImportGraph as readWebImportGraph } from "../scripts/web-import-graph";

export const KiB = 1024;
const root = fileURLToPath(new URL("..", import.meta.url));

/** Budgets of the issue, gzip. */
export const budgets = {
  auth: 120 * KiB,
  customer: 189 * KiB,
  allJs: 396 * KiB,
  css: 30 * KiB,
} as const;

/** Admin code by its place: admin routes, the admin layout, and `features/<domain>/components/admin/`. */
export const isAdminPlaced = (id: string) =>
  /src\/web\/(app\/routes\/admin\/|features\/[^/]+\/components\/admin\/|components\/layout\/admin-layout)/.test(id);

/** The web source files and, for each, the web files it imports (statically or not). */
function webImportGraph(): Map<string, string[]> {
  return new Map([...readWebImportGraph(root)].map(([file, imports]) => [file, [...imports.static, ...imports.dynamic]]));
}

/**
 * Admin code by its use: admin-placed files, and every web file that only admin code imports (a
 * company picker's hook, a list frame only admin lists use), found again on each run.
 */
export function adminOnlySources(): Set<string> {
  const graph = webImportGraph();
  const importers = new Map<string, string[]>();
  for (const [file, targets] of graph) for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), file]);
  const admin = new Set([...graph.keys()].filter(isAdminPlaced));
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of graph.keys()) {
      const by = importers.get(file) ?? [];
      if (!admin.has(file) && by.length > 0 && by.every((importer) => admin.has(importer))) {
        admin.add(file);
        grew = true;
      }
    }
  }
  return admin;
}

let adminSources: Set<string> | undefined;
/** Web modules only an admin may download: admin-placed, or imported by admin code alone. */
export const isAdminModule = (id: string) => {
  adminSources ??= adminOnlySources();
  const at = id.indexOf("src/web/");
  return isAdminPlaced(id) || (at >= 0 && adminSources.has(id.slice(at).replace(/\?.*$/, "")));
};

/** Pages, by the source modules that make them up (besides the entry). */
const pages = {
  auth: /src\/web\/app\/routes\/auth\.tsx$/,
  /** Every customer screen together: what a customer who visits them all downloads. */
  customer: /src\/web\/(components\/layout\/customer-layout\.tsx|app\/routes\/dashboard\/)/,
  /** The pages Lighthouse measures (bench/lighthouse.ts), for information. */
  customerProjects: /src\/web\/(components\/layout\/customer-layout\.tsx|app\/routes\/dashboard\/projects\.tsx)$/,
  adminCustomers: /src\/web\/(components\/layout\/admin-layout\.tsx|app\/routes\/admin\/customers\.tsx)$/,
} as const;
export type PageName = keyof typeof pages;

/** Whose messages each page downloads, and the catalogue layers that makes (scripts/area-catalogues.ts). */
type PageArea = "public" | "customer" | "admin";
const pageArea: Record<PageName, PageArea> = { auth: "public", customer: "customer", customerProjects: "customer", adminCustomers: "admin" };
const areaLayers: Record<PageArea, string[]> = { public: ["public"], customer: ["public", "customer"], admin: ["public", "customer", "admin"] };

interface Chunk {
  file: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

export interface PageLoad {
  bytes: number;
  files: string[];
  modules: string[];
}

export interface BundleAnalysis {
  pages: Record<PageName, PageLoad>;
  allJs: number;
  css: number;
  /** sonner, fetched with the first toast on any page. */
  toaster: number;
  largest: Array<{ file: string; bytes: number }>;
  /** Every source module in the build (for design checks such as "no classic zod"). */
  modules: string[];
}

/** Builds the web app for production into a new temporary folder and returns the folder. */
export function buildForBudget(): string {
  const outDir = mkdtempSync(join(tmpdir(), "portico-bundle-"));
  const build = spawnSync(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production", PORTICO_BUNDLE_REPORT: "1" },
  });
  if (build.status !== 0) throw new Error(`vite build failed (${build.status ?? build.signal}):\n${build.stdout}\n${build.stderr}`);
  return outDir;
}

export function analyseBuild(outDir: string): BundleAnalysis {
  const { chunks } = JSON.parse(readFileSync(join(outDir, ".vite/bundle-report.json"), "utf8")) as { chunks: Chunk[] };
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const sizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length);
    return sizes.get(file)!;
  };

  // A page waits for its area's catalogue layers in one language (ADR 032): of the languages users
  // can pick (the pseudo-locale is a test's, never a user's), the larger is counted.
  const layerFile = (layer: string, locale: string) => chunks.find((chunk) => chunk.modules.includes(`virtual:catalogue/${layer}-${locale}`))?.file;
  const catalogueOf = (area: PageArea) => {
    const byLocale = ["en", "de"].map((locale) => areaLayers[area].map((layer) => layerFile(layer, locale)).filter((file): file is string => file !== undefined));
    return byLocale.sort((a, b) => b.reduce((sum, file) => sum + gzipSize(file), 0) - a.reduce((sum, file) => sum + gzipSize(file), 0))[0] ?? [];
  };

  const load = (pattern: RegExp, catalogue: string[]): PageLoad => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      byFile.get(file)?.imports.forEach(visit);
    };
    chunks.filter((chunk) => chunk.isEntry || chunk.modules.some((id) => pattern.test(id))).forEach((chunk) => visit(chunk.file));
    catalogue.forEach(visit);
    const files = [...seen];
    return {
      bytes: files.reduce((sum, file) => sum + gzipSize(file), 0),
      files,
      modules: files.flatMap((file) => byFile.get(file)?.modules ?? []),
    };
  };

  const assets = readdirSync(join(outDir, "assets")).map((name) => `assets/${name}`);
  const js = assets.filter((file) => file.endsWith(".js"));
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipSize(file), 0);
  return {
    pages: Object.fromEntries(Object.entries(pages).map(([name, pattern]) => [name, load(pattern, catalogueOf(pageArea[name as PageName]))])) as Record<PageName, PageLoad>,
    allJs: sum(js),
    css: sum(assets.filter((file) => file.endsWith(".css"))),
    toaster: sum(chunks.filter((chunk) => chunk.modules.some((id) => id.includes("node_modules/sonner/"))).map((chunk) => chunk.file)),
    largest: js
      .map((file) => ({ file, bytes: gzipSize(file) }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 6),
    modules: chunks.flatMap((chunk) => chunk.modules),
  };
}

const kib = (bytes: number) => (bytes / KiB).toFixed(1);

/** The Markdown table `npm run bench:bundle` prints. */
export function formatReport(analysis: BundleAnalysis): string {
  const { pages: load } = analysis;
  const row = (what: string, bytes: number, budget?: number) =>
    `| ${what} | ${kib(bytes)} | ${budget === undefined ? "–" : budget / KiB} | ${budget === undefined ? "" : bytes <= budget ? "yes" : "**no**"} |`;
  const adminFor = (page: PageLoad) => page.modules.filter(isAdminModule);
  const leaks = [...adminFor(load.auth), ...adminFor(load.customer)];
  return [
    "| what (gzip) | KiB | budget KiB | within |",
    "|---|---:|---:|---|",
    row("JavaScript for /auth", load.auth.bytes, budgets.auth),
    row("JavaScript for the customer area (every screen)", load.customer.bytes, budgets.customer),
    row("all JavaScript", analysis.allJs, budgets.allJs),
    row("all CSS", analysis.css, budgets.css),
    row("JavaScript for /dashboard/projects", load.customerProjects.bytes),
    row("JavaScript for /admin (customer list)", load.adminCustomers.bytes),
    row("sonner, with the first toast", analysis.toaster),
    "",
    `Admin modules reachable from /auth or the customer area: ${leaks.length === 0 ? "none" : leaks.join(", ")}`,
    `Largest chunks: ${analysis.largest.map(({ file, bytes }) => `${file} ${kib(bytes)} KiB`).join(", ")}`,
  ].join("\n");
}
