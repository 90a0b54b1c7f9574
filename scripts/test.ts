/**
 * `npm test`: the API suite (Vitest; PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then
 * the end-to-end suite (Playwright, real Chromium against the built server). Both always run;
 * the exit code is non-zero when either fails. The API suite's failures are repeated at the very
 * end: the end-to-end suite's output would otherwise bury them, and a CI log is read from its tail.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const bin = (name: string) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const run = (name: string, args: string[]) => spawnSync(bin(name), args, { stdio: "inherit" }).status ?? 1;

const apiReport = join(mkdtempSync(join(tmpdir(), "portico-test-")), "api.json");
const api = run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${apiReport}`]);
const e2e = run("playwright", ["test"]);

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
