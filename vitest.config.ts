import { defineConfig } from "vitest/config";

const shared = {
  include: ["src/**/*.test.ts"],
  environment: "node" as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The API suite runs on the embedded PGlite always and, when TEST_DATABASE_URL is set, a second
 * time on that PostgreSQL server (each test file gets its own throwaway database).
 */
export default defineConfig({
  test: {
    projects: [
      // *.postgres.test.ts need a real server (several connections, a second process).
      { test: { ...shared, name: "pglite", exclude: ["**/*.postgres.test.ts", "**/node_modules/**"], env: { TEST_DB: "pglite" } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...shared, name: "postgres", env: { TEST_DB: "postgres" } } }]
        : []),
    ],
  },
});
