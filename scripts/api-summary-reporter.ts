/**
 * A Vitest reporter for `npm test` (scripts/test.ts): counts the tests of each project (pglite,
 * postgres, web, tooling) and lists every failure and skip with its project, into the JSON file
 * named by PORTICO_API_SUMMARY. The default reporter still prints everything as it happens.
 * PORTICO_API_SUMMARY_RUNTIME names the runtime of a second run ("Node.js 24"), so its counts and
 * failures stand apart from the first run's.
 */
import { writeFileSync } from "node:fs";
import type { Reporter, SerializedError, TestModule } from "vitest/node";

export interface SuiteSummary {
  /** Tests that ran, by where they ran: a Vitest project or "chromium". */
  ran: Record<string, number>;
  failures: string[];
  skipped: string[];
}

const firstLine = (text: string | undefined) => (text ?? "").split("\n", 1)[0]!.slice(0, 300);

export default class ApiSummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    const summary: SuiteSummary = { ran: {}, failures: [], skipped: [] };
    const runtime = process.env.PORTICO_API_SUMMARY_RUNTIME;
    for (const module of modules) {
      const project = runtime ? `${module.project.name} on ${runtime}` : module.project.name;
      const where = `[${project}] ${module.relativeModuleId}`;
      for (const error of module.errors()) summary.failures.push(`${where}: ${firstLine(error.message)}`);
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === "skipped") summary.skipped.push(`${where} › ${test.fullName}`);
        else summary.ran[project] = (summary.ran[project] ?? 0) + 1;
        if (result.state === "failed") summary.failures.push(`${where} › ${test.fullName}: ${firstLine(result.errors[0]?.message)}`);
      }
    }
    for (const error of unhandled) summary.failures.push(`unhandled error: ${firstLine(error.message)}`);
    const file = process.env.PORTICO_API_SUMMARY;
    if (file) writeFileSync(file, JSON.stringify(summary));
  }
}
