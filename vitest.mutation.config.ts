import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The tests `npm run test:mutation` runs against each mutant of the modules that decide who may
 * see what (stryker.config.mjs): the policy and scope tests, the permission matrix, the tenant and
 * session suites and the input bounds. PGlite only: the rules are the same SQL on both databases,
 * and one run per mutant is what two cores can afford.
 */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    name: "pglite",
    include: [
      "src/shared/policies.test.ts",
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
