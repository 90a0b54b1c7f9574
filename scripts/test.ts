/**
 * `npm test`: the API suite (Vitest; PGlite, plus PostgreSQL when TEST_DATABASE_URL is set) and
 * the end-to-end suite (Playwright, real Chromium against the built server). Both always run. The
 * end, where a CI log is read, lists every failure of both suites with its database or browser,
 * then how many tests ran on each and how long each phase took. The exit code is non-zero when a
 * suite fails or a test was skipped without saying why in its title ("(skipped: …)").
 *
 * Side by side, with the API suite at the lowest CPU priority (`nice -n 19`, ADR 014): the
 * end-to-end suite, one test at a time, kept about one of CI's two cores busy, and the API suite
 * takes what it leaves. The browser suite's session check gives up after 2 s (spec section 9), so
 * the browser, its server and the runner must not wait behind API tests: at nice 19 the API suite
 * gets a core the others want for about 1.5 % of the time. Its output goes to a file, printed
 * whole when it ends, so the two suites' lines do not interleave.
 *
 * With TEST_NODE_24=1 (CI sets it), the PGlite project runs on Node.js 24, the newer supported
 * line (scripts/with-node-24.sh), and every other project (PostgreSQL, web, tooling, contract,
 * formats) then on the system's Node.js: each line runs the whole API suite, each on one database,
 * and no test runs twice (ADR 014, amendment of 2026-12-02). One after the other: two API runs at
 * once overloaded the two-core CI machine. Without it, every project runs on the system's Node.js.
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SuiteSummary } from "./api-summary-reporter";

const bin = (name: string) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "portico-test-"));
const summaryReporter = ["--reporter=default", "--reporter=./scripts/api-summary-reporter.ts"];
const onNode24 = new URL("./with-node-24.sh", import.meta.url).pathname;

const apiSummaryFile = join(scratch, "api.json");
const node24SummaryFile = join(scratch, "api-node-24.json");
const e2eReportFile = join(scratch, "e2e.json");
const apiOutputFile = join(scratch, "api-output.txt");
process.env.PORTICO_API_SUMMARY = apiSummaryFile;
process.env.PORTICO_E2E_REPORT = e2eReportFile;
const node24 = process.env.TEST_NODE_24 === "1";

/** How long each phase took, printed at the end: where CI's minutes go, read off its log. */
const phaseTimes: string[] = [];
async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    phaseTimes.push(`${phase} ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}

/** Runs a command to its end; its exit code (1 when it could not start or was killed). */
function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; output?: number } = {}): Promise<number> {
  const stdio: StdioOptions = options.output === undefined ? "inherit" : ["ignore", options.output, options.output];
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(command, args, { stdio, env: options.env ?? process.env });
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** The API suite at the lowest priority, its output kept in a file and printed when it ends. */
async function apiSuite(): Promise<{ node24Exit: number; apiExit: number }> {
  const output = openSync(apiOutputFile, "w");
  try {
    const node24Exit = node24 ? await timed("PGlite on Node.js 24", () => runPgliteOnNode24(output)) : 0;
    // The PGlite project ran on Node.js 24 already: the rest here.
    const projects = node24 ? ["--project", "!pglite"] : [];
    const apiExit = await timed("API suite", () => run("nice", ["-n", "19", bin("vitest"), "run", ...projects, ...summaryReporter], { output }));
    return { node24Exit, apiExit };
  } finally {
    closeSync(output);
    console.log(`\n──── The API suite's output (it ran beside the end-to-end suite) ────\n${readFileSync(apiOutputFile, "utf8")}──── End of the API suite's output ────\n`);
  }
}

const [{ node24Exit, apiExit }, e2eExit] = await Promise.all([apiSuite(), timed("end-to-end suite", () => run(bin("playwright"), ["test"]))]);

const api = readSummary(apiSummaryFile, () => apiSummaryOf(apiSummaryFile));
const apiOnNode24 = node24 ? readSummary(node24SummaryFile, () => apiSummaryOf(node24SummaryFile)) : undefined;
const e2e = readSummary(e2eReportFile, () => e2eSummaryOf(e2eReportFile));
const failures = [...api.failures, ...(apiOnNode24?.failures ?? []), ...e2e.failures];
// A skipped test is a promise not kept; one may stay only while its title says why.
const unexplainedSkips = [...api.skipped, ...(apiOnNode24?.skipped ?? []), ...e2e.skipped].filter((title) => !/\(skipped: .+\)/.test(title));
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join("\n")}`);
if (unexplainedSkips.length > 0) console.log(`\nSkipped without a reason in the title "(skipped: …)":\n${unexplainedSkips.map((line) => `  ${line}`).join("\n")}`);

const ran = { ...api.ran, ...apiOnNode24?.ran, ...e2e.ran };
const counts = Object.entries(ran).map(([where, count]) => `${count} on ${where}`).join(", ");
const passed = apiExit === 0 && node24Exit === 0 && e2eExit === 0 && unexplainedSkips.length === 0;
const verdict = (exit: number) => (exit === 0 ? "passed" : "FAILED");
console.log(`\nTests run: ${counts || "none"}.`);
console.log(`Time: ${phaseTimes.join(", ")}.`);
console.log(
  `API suite: ${verdict(apiExit)}${node24 ? `; its PGlite part on Node.js 24: ${verdict(node24Exit)}` : ""}; end-to-end suite: ${verdict(e2eExit)}${unexplainedSkips.length ? "; unexplained skips: FAILED" : ""}`,
);
process.exit(passed ? 0 : 1);

/** The PGlite project on Node.js 24; its counts and failures are reported as "pglite on Node.js 24". */
function runPgliteOnNode24(output: number): Promise<number> {
  const env = { ...process.env, PORTICO_API_SUMMARY: node24SummaryFile, PORTICO_API_SUMMARY_RUNTIME: "Node.js 24" };
  return run("nice", ["-n", "19", onNode24, bin("vitest"), "run", "--project", "pglite", ...summaryReporter], { env, output });
}

/** A suite's summary, or one that says the report is missing (the suite stopped before it could write one). */
function readSummary(file: string, read: () => SuiteSummary): SuiteSummary {
  try {
    return read();
  } catch {
    return { ran: {}, failures: [`no report in ${file}: the suite stopped early; see its output above`], skipped: [] };
  }
}

function apiSummaryOf(file: string): SuiteSummary {
  return JSON.parse(readFileSync(file, "utf8")) as SuiteSummary;
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[] }[];
}

/** Counts, failures and skips from Playwright's JSON report, walking its nested suites. */
function e2eSummaryOf(file: string): SuiteSummary {
  const report = JSON.parse(readFileSync(file, "utf8")) as { suites: PlaywrightSuite[]; errors?: { message?: string }[] };
  const summary: SuiteSummary = { ran: {}, failures: [], skipped: [] };
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const where = `[${test.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].join(" › ")}`;
        if (test.status === "skipped") summary.skipped.push(where);
        else summary.ran[test.projectName] = (summary.ran[test.projectName] ?? 0) + 1;
        if (test.status === "unexpected") summary.failures.push(`${where}: ${firstLine(test.results.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  for (const error of report.errors ?? []) summary.failures.push(`end-to-end: ${firstLine(error.message)}`);
  return summary;
}

function firstLine(text: string | undefined): string {
  return (text ?? "").split("\n", 1)[0]!.slice(0, 300);
}
