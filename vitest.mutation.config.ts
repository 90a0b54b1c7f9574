import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The tests `npm run test:mutation` runs against each mutant of the modules that decide who may
 * see what (stryker.config.mjs): each module's own tests (policies, text inputs, db/scope,
 * modules/scopes, http/security, http/session-guard), and the permission matrix, the tenant and
 * session suites and the input bounds. PGlite only: the rules are the same SQL on both databases,
 * and one run per mutant is what two cores can afford.
 *
 * Most mutants there are "static" to StrykerJS: the test files' setup (building a world through
 * the API) already runs them, so each such mutant reruns every test file. MUTATION_TESTS (a comma-
 * separated list of test files) narrows the set for one module's run to its own tests, which build
 * no world through the API; docs/testing.md lists the commands measured.
 */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    name: "pglite",
    include: process.env.MUTATION_TESTS?.split(",") ?? [
      // Each module's own tests: they import it directly and take seconds per mutant, not minutes.
      "src/shared/policies.test.ts",
      "src/shared/schemas/text.test.ts",
      "src/server/db/scope.test.ts",
      "src/server/modules/scopes.test.ts",
      "src/server/http/security.test.ts",
      "src/server/security/*.test.ts",
      "src/server/http/session*.test.ts",
      "src/server/http/actor-cache.test.ts",
    ],
    exclude: ["**/*.postgres.test.ts", "src/server/security/hostile-input-*.test.ts", "**/node_modules/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_DB: "pglite" },
    globalSetup: ["src/server/test/pglite-template.ts"],
  },
});
