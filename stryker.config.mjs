// @ts-check
/**
 * `npm run test:mutation` (by hand, not in CI; StrykerJS needs Node.js 22+, so the script runs it
 * on Node.js 24): mutates the modules that guard tenants and counts the mutants the tests kill.
 * A surviving mutant there is a missing test. Report: reports/mutation/index.html; the score is in
 * docs/testing.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  mutate: [
    "src/shared/policies.ts",
    "src/server/modules/scopes.ts",
    "src/server/db/scope.ts",
    "src/server/http/session.ts",
    "src/server/http/security.ts",
    "src/server/http/write-rate-limit.ts",
    "src/shared/schemas/text.ts",
  ],
  testRunner: "vitest",
  // The integration tests reach these modules through the HTTP app, not by importing them.
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  coverageAnalysis: "perTest",
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  thresholds: { high: 90, low: 80, break: null },
  // Keeps each mutant's result (reports/stryker-incremental.json): a rerun tests only what changed.
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
};
