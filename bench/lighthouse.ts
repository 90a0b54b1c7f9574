/**
 * `npm run bench:lighthouse` (issue 7, item 4): Lighthouse against the production server.
 *
 *   npm run bench:lighthouse                      # LIGHTHOUSE_RUNS=3 per page and form factor
 *   LIGHTHOUSE_RUNS=1 LIGHTHOUSE_BUILD=never npm run bench:lighthouse
 *
 * - Builds the web app when dist/web is missing or older than its sources (LIGHTHOUSE_BUILD=
 *   auto|always|never).
 * - Starts the production server (NODE_ENV=production, built SPA) on 127.0.0.1 with the embedded
 *   PGlite in a temporary DATA_DIR and ADMIN_EMAIL/ADMIN_PASSWORD, so an admin exists; signs up a
 *   customer through the API, gives it a company and a few projects, tickets and invoices.
 * - Runs Lighthouse 12 (performance, accessibility, best practices) in the Debian Chromium
 *   (CHROME_PATH, else CHROMIUM_PATH, else a system Chromium/Chrome) on /auth (signed out), the
 *   customer's /dashboard/projects and the admin's /admin (customer list), each with the desktop
 *   preset and the mobile default (simulated throttling). Signed-in pages get the session cookie
 *   through Lighthouse's extraHeaders. With several runs the median by performance score is kept.
 * - Writes bench/results/lighthouse.md (scores against the targets, key metrics, top failing
 *   audits per page) and one full report per page and form factor as
 *   bench/results/lighthouse-<page>-<form factor>.json (git-ignored).
 * Everything it starts (server, Chromium, temp folders) is stopped or removed at the end.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags, type Result } from "lighthouse";
import { findBrowser } from "../scripts/find-browser";
import { signIn, startBenchServer, type BenchServer } from "./lib/server";

const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const buildMode = process.env.LIGHTHOUSE_BUILD ?? "auto";
const ADMIN = { email: "lighthouse-admin@example.test", password: "orchard-keeper-9", name: "Ada Admin" };
const CUSTOMER = { email: "lighthouse-customer@example.test", password: "orchard-keeper-10", name: "Casey Customer" };
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const TARGETS = { performance: { desktop: 95, mobile: 90 }, accessibility: 95, bestPractices: 95, cls: 0.05 };

type FormFactor = "desktop" | "mobile";
interface Page {
  id: string;
  path: string;
  as: "signed out" | "customer" | "admin";
}
const pages: Page[] = [
  { id: "auth", path: "/auth", as: "signed out" },
  { id: "customer-projects", path: "/dashboard/projects", as: "customer" },
  { id: "admin-customers", path: "/admin", as: "admin" },
];

const startedAt = new Date();
let browserPath = "chromium";
const loadAtStart = loadavg();
const temporary: string[] = [];
process.once("exit", () => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
setTimeout(() => {
  console.error("bench:lighthouse: aborted after 30 minutes");
  process.exit(1);
}, 30 * 60_000).unref();

// ---- build -----------------------------------------------------------------------------------

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIfNeeded() {
  const index = "dist/web/index.html";
  const sources = ["src/web", "src/shared", "vite.config.ts", "package.json"].filter((p) => existsSync(p));
  const stale = !existsSync(index) || Math.max(...sources.map(newestMtime)) > statSync(index).mtimeMs;
  if (buildMode === "never" || (buildMode === "auto" && !stale)) {
    if (!existsSync(index)) throw new Error("dist/web is missing and LIGHTHOUSE_BUILD=never");
    console.log(`Using the existing build in dist/web${stale ? " (older than its sources)" : ""}.`);
    return;
  }
  console.log("Building the web app (vite build)…");
  execFileSync(join("node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], { stdio: "inherit" });
}

// ---- data ------------------------------------------------------------------------------------

async function api(server: BenchServer, cookie: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: { cookie, origin: server.baseUrl, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function signUp(server: BenchServer, user: typeof CUSTOMER): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify(user),
  });
  if (response.status !== 200) throw new Error(`sign-up of ${user.email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A customer with a company and something in each list, and the admin; answers both cookies. */
async function prepareData(server: BenchServer): Promise<{ customer: string; admin: string }> {
  const customer = await signUp(server, CUSTOMER);
  const saved = (await api(server, customer, "PUT", "/api/companies/mine", {
    name: "Lighthouse Test Company",
    contactName: "Casey Customer",
    contactEmail: "casey@example.test",
    phone: "+1 555 0100",
    address: "1 Harbour Street, Springfield",
  })) as { company: { id: string } };
  const companyId = saved.company.id;
  const admin = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
  const projectIds: string[] = [];
  const statuses = ["active", "on_hold", "completed"];
  for (let i = 1; i <= 8; i++) {
    const project = (await api(server, admin, "POST", "/api/projects", {
      companyId,
      name: `Website relaunch phase ${i}`,
      description: `Phase ${i} of the relaunch: design, content migration and launch checklist.`,
      status: statuses[i % 3],
      startDate: `2026-0${1 + (i % 9)}-1${i % 10}`,
    })) as { id: string };
    projectIds.push(project.id);
  }
  for (let i = 1; i <= 8; i++) {
    await api(server, customer, "POST", "/api/tickets", {
      projectId: projectIds[i % projectIds.length],
      title: `Contact form does not send on step ${i}`,
      description: "Steps to reproduce: open the page, fill in the form, press Send.",
      priority: ["low", "medium", "high", "urgent"][i % 4],
    });
  }
  for (let i = 1; i <= 4; i++) {
    await api(server, admin, "POST", "/api/invoices", {
      companyId,
      invoiceNumber: `LH-2026-${String(i).padStart(4, "0")}`,
      amount: `${1200 + i * 150}.00`,
      issueDate: `2026-0${i}-01`,
      dueDate: `2026-0${i}-28`,
      status: i % 2 ? "paid" : "unpaid",
    });
  }
  return { customer, admin };
}

// ---- lighthouse ------------------------------------------------------------------------------

interface AuditLine {
  id: string;
  title: string;
  category: string;
  score: number;
  displayValue?: string | undefined;
}

interface PageResult {
  page: Page;
  formFactor: FormFactor;
  scores: { performance: number; accessibility: number; bestPractices: number };
  /** Performance scores of every run, the kept one being the median. */
  performanceRuns: number[];
  cls: number;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; speedIndexMs: number };
  failing: AuditLine[];
  warnings: string[];
  runtimeError?: string | undefined;
  lighthouseVersion: string;
}

/** The metric audits that errored in a run, for a run without a performance score. */
const metricErrors = (lhr: Result) =>
  Object.values(lhr.audits)
    .filter((a) => a.errorMessage)
    .map((a) => `${a.id}: ${a.errorMessage}`)
    .slice(0, 3)
    .join("; ") || "unknown";
const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/** Failing audits (score < 0.9) of the three categories, the costliest first. */
function failingAudits(lhr: Result): AuditLine[] {
  const seen = new Map<string, AuditLine & { weight: number }>();
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (!["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode)) continue;
      const weight = ref.weight * (1 - audit.score);
      const previous = seen.get(ref.id);
      if (previous && previous.weight >= weight) continue;
      seen.set(ref.id, { id: ref.id, title: audit.title, category, score: audit.score, displayValue: audit.displayValue, weight });
    }
  }
  return [...seen.values()]
    .sort((a, b) => b.weight - a.weight || a.score - b.score)
    .map(({ weight: _weight, ...line }) => line);
}

async function runLighthouse(port: number, url: string, formFactor: FormFactor, cookie: string | undefined): Promise<Result> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // The signed-in pages keep their realtime stream (a long-lived fetch at High priority) open,
    // which Lighthouse counts as critical network activity: it then waits for maxWaitForLoad
    // (45 s by default) and warns "loaded too slowly". The pages are done in a few seconds.
    maxWaitForLoad: 15_000,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const result = await lighthouse(url, flags, formFactor === "desktop" ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}

async function main() {
  mkdirSync("bench/results", { recursive: true });
  buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), "portico-lighthouse-data-"));
  temporary.push(dataDir);
  console.log("Starting the production server (PGlite in a temporary DATA_DIR)…");
  const server = await startBenchServer({
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const results: PageResult[] = [];
  try {
    const cookies = await prepareData(server);
    const chromePath = process.env.CHROME_PATH ?? (await findBrowser());
    browserPath = chromePath;
    const userDataDir = mkdtempSync(join(tmpdir(), "portico-lighthouse-chrome-"));
    temporary.push(userDataDir);
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: "error" });
    console.log(`Chromium ${chromePath} on DevTools port ${chrome.port}; ${runs} run(s) per page and form factor.`);

    for (const page of pages) {
      const cookie = page.as === "customer" ? cookies.customer : page.as === "admin" ? cookies.admin : undefined;
      for (const formFactor of ["desktop", "mobile"] as const) {
        // A run that failed (runtimeError: NO_NAVSTART happens on the first run after the form
        // factor changes, NO_FCP when the machine stalls) has no scores: it is reported, not a
        // candidate for the median unless every run failed, and replaced by one more run (twice at most).
        const failed = (r: Result) => !!r.runtimeError || r.categories.performance?.score == null;
        const lhrs: Result[] = [];
        for (let attempt = 0; lhrs.filter((r) => !failed(r)).length < runs && attempt < runs + 2; attempt++) {
          lhrs.push(await runLighthouse(chrome.port, server.baseUrl + page.path, formFactor, cookie));
        }
        const failedRuns = lhrs.filter(failed).map((r) => (r.runtimeError ? `${r.runtimeError.code}: ${r.runtimeError.message}` : `no performance score (${metricErrors(r)})`));
        const usable = lhrs.filter((r) => !failed(r));
        const sorted = (usable.length ? usable : lhrs).sort((a, b) => score(a, "performance") - score(b, "performance"));
        const lhr = sorted[Math.floor(sorted.length / 2)]!;
        for (const failure of failedRuns) lhr.runWarnings.push(`another run failed and was left out: ${failure}`);
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
          // e.g. a signed-in page that redirected to /auth: the figures are not those of the page.
          const message = `ended on ${new URL(lhr.finalDisplayedUrl).pathname}, not ${page.path}`;
          console.error(`!!! ${page.path} ${formFactor}: ${message}`);
          lhr.runWarnings.push(message);
        }
        writeFileSync(`bench/results/lighthouse-${page.id}-${formFactor}.json`, JSON.stringify(lhr));
        const result: PageResult = {
          page,
          formFactor,
          scores: { performance: score(lhr, "performance"), accessibility: score(lhr, "accessibility"), bestPractices: score(lhr, "best-practices") },
          performanceRuns: lhrs.map((r) => (failed(r) ? NaN : score(r, "performance"))),
          cls: numeric(lhr, "cumulative-layout-shift"),
          metrics: {
            fcpMs: numeric(lhr, "first-contentful-paint"),
            lcpMs: numeric(lhr, "largest-contentful-paint"),
            tbtMs: numeric(lhr, "total-blocking-time"),
            speedIndexMs: numeric(lhr, "speed-index"),
          },
          failing: failingAudits(lhr),
          warnings: lhr.runWarnings,
          runtimeError: lhr.runtimeError?.message,
          lighthouseVersion: lhr.lighthouseVersion,
        };
        results.push(result);
        console.log(
          `  ${page.path.padEnd(20)} ${formFactor.padEnd(7)} performance ${result.scores.performance} (runs ${result.performanceRuns.map((v) => (Number.isNaN(v) ? "failed" : v)).join(", ")}) accessibility ${result.scores.accessibility} best practices ${result.scores.bestPractices} CLS ${result.cls.toFixed(3)}`,
        );
      }
    }
  } finally {
    if (chrome) await chrome.kill();
    await server.stop();
  }
  const markdown = report(results);
  writeFileSync("bench/results/lighthouse.md", markdown);
  console.log(`\n${markdown}`);
  console.log("Written: bench/results/lighthouse.md and bench/results/lighthouse-<page>-<form factor>.json (full reports).");
}

// ---- report ----------------------------------------------------------------------------------

function report(results: PageResult[]): string {
  let held = 0;
  let total = 0;
  const check = (value: string, ok: boolean) => {
    total++;
    if (ok) held++;
    return ok ? value : `**${value} ✗**`;
  };
  const lines: string[] = [];
  const version = results[0]?.lighthouseVersion ?? "12";
  let browser = browserPath;
  try {
    browser = execFileSync(browserPath, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    // the path alone then
  }
  lines.push("# Lighthouse (`npm run bench:lighthouse`)");
  lines.push("");
  lines.push(
    `${startedAt.toISOString()} · Lighthouse ${version} · ${browser} (headless) · Node ${process.version} · ${cpus().length} cores · load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(" / ")}, at the end ${loadavg().map((v) => v.toFixed(2)).join(" / ")}`,
  );
  lines.push(
    `Production server (built SPA, PGlite) on 127.0.0.1; desktop = Lighthouse's desktop preset, mobile = its default (Moto G Power, simulated slow 4G, 4× CPU slowdown). Median of ${runs} run(s) by performance score. Targets: performance ≥ ${TARGETS.performance.desktop} desktop / ≥ ${TARGETS.performance.mobile} mobile, accessibility ≥ ${TARGETS.accessibility}, best practices ≥ ${TARGETS.bestPractices}, CLS ≤ ${TARGETS.cls}; a miss is marked ✗.`,
  );
  lines.push("");
  lines.push("| page | as | form factor | performance (runs) | accessibility | best practices | CLS | FCP ms | LCP ms | TBT ms | Speed Index ms |");
  lines.push("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const perfTarget = TARGETS.performance[r.formFactor];
    lines.push(
      `| ${r.page.path} | ${r.page.as} | ${r.formFactor} | ${check(String(r.scores.performance), r.scores.performance >= perfTarget)}${runs > 1 ? ` (${r.performanceRuns.map((v) => (Number.isNaN(v) ? "failed" : v)).join(", ")})` : ""} | ${check(String(r.scores.accessibility), r.scores.accessibility >= TARGETS.accessibility)} | ${check(String(r.scores.bestPractices), r.scores.bestPractices >= TARGETS.bestPractices)} | ${check(r.cls.toFixed(3), r.cls <= TARGETS.cls)} | ${Math.round(r.metrics.fcpMs)} | ${Math.round(r.metrics.lcpMs)} | ${Math.round(r.metrics.tbtMs)} | ${Math.round(r.metrics.speedIndexMs)} |`,
    );
  }
  lines.push("");
  lines.push(`**${held} of ${total} targets hold.**`);
  lines.push("");
  lines.push("## Failing audits (score < 0.9), costliest first");
  lines.push("");
  for (const r of results) {
    lines.push(`### ${r.page.path} (${r.page.as}), ${r.formFactor}`);
    lines.push("");
    if (r.runtimeError) lines.push(`Runtime error: ${r.runtimeError}`);
    for (const warning of r.warnings) lines.push(`- Warning: ${warning}`);
    if (r.failing.length === 0) lines.push("None.");
    for (const audit of r.failing.slice(0, 10)) {
      lines.push(`- \`${audit.id}\` (${audit.category}, score ${audit.score.toFixed(2)}): ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ""}`);
    }
    if (r.failing.length > 10) lines.push(`- … ${r.failing.length - 10} more in bench/results/lighthouse-${r.page.id}-${r.formFactor}.json`);
    lines.push("");
  }
  return lines.join("\n");
}

await main();
process.exit(0);
