/**
 * `npm test`: the API suite (Vitest; PGlite, plus PostgreSQL when TEST_DATABASE_URL is set) and
 * the end-to-end suite (Playwright, real Chromium against the built server), side by side: they
 * share no state (each API test file has its own database, the e2e server its own), and on a
 * two-core machine the browser suite spends much of its time waiting, which the API suite fills.
 * Each suite's output is printed whole when it ends, so the two never interleave; the exit code is
 * non-zero when either fails, and the API suite's failures are repeated at the very end, where a
 * CI log is read.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const bin = (name: string) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "portico-test-"));

/** Runs a suite with its output in a file; prints that file when the suite ends. */
function run(label: string, name: string, args: string[]): Promise<number> {
  const logFile = join(scratch, `${label}.log`);
  const log = createWriteStream(logFile);
  const started = Date.now();
  const child = spawn(bin(name), args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return new Promise((resolve) => {
    child.on("close", (code) => {
      log.end(() => {
        const minutes = ((Date.now() - started) / 60_000).toFixed(1);
        console.log(`\n===== ${label} (${minutes} min) =====\n${readFileSync(logFile, "utf8")}`);
        resolve(code ?? 1);
      });
    });
  });
}

const apiReport = join(scratch, "api.json");
// One API worker: the browser suite's server and Chromium take the other core.
const [api, e2e] = await Promise.all([
  run("API suite", "vitest", ["run", "--maxWorkers=1", "--reporter=default", "--reporter=json", `--outputFile.json=${apiReport}`]),
  run("end-to-end suite", "playwright", ["test"]),
]);

if (api !== 0) console.log(`\nAPI suite failures:\n${failedApiTests(apiReport)}`);
console.log(`\nAPI suite: ${api === 0 ? "passed" : "FAILED"}; end-to-end suite: ${e2e === 0 ? "passed" : "FAILED"}`);
process.exit(api || e2e);

/** One line per failed test (file, name, the first line of its error) from Vitest's JSON report. */
function failedApiTests(reportFile: string): string {
  interface Report {
    testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
  }
  let report: Report;
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8")) as Report;
  } catch {
    return "  (no report was written: Vitest stopped before its tests ran; see its output above)";
  }
  const lines = report.testResults.flatMap((file) => {
    const where = relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    if (failed.length === 0 && file.message) return [`  ${where}: ${firstLine(file.message)}`];
    return failed.map((test) => `  ${where} › ${test.fullName}: ${firstLine(test.failureMessages[0] ?? "")}`);
  });
  return lines.join("\n") || "  (no failed test in the report: see Vitest's output above for the error)";
}

function firstLine(text: string): string {
  return text.split("\n", 1)[0]!.slice(0, 300);
}
