import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { areaCatalogues } from "./scripts/area-catalogues.ts";
import { linguiMacros } from "./scripts/lingui-macros.ts";

const shared = {
  include: ["src/**/*.test.ts"],
  // A stray `.only` would quietly drop every other test of the run.
  allowOnly: false,
  environment: "node" as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The API projects reuse each worker's loaded modules from one test file to the next instead of
 * importing them afresh per file (Vitest's `isolate`). A fresh import of the app, Better Auth and
 * PGlite's WebAssembly per file was two thirds of the API suite's time: on the two-core machine the
 * PGlite project took 6 min 17 s isolated and 2 min 3 s not, the PostgreSQL one about 7 min and
 * 2 min 41 s, with the same tests passing. What the files share is read-only (constants, caches
 * keyed by their input); each file still gets its own server, database and clients (per-file.ts),
 * and a test that fakes timers restores them after each test.
 */
const sharedModules = { isolate: false };

/**
 * The API projects' setup: every answer a test gets through TestClient or the security suites'
 * send is held to the served OpenAPI document, and a violation fails the test (docs/testing.md).
 */
const apiSetup = ["src/server/test/contract/setup.ts"];

/**
 * The property-based contract test (docs/testing.md) holds the served document to the handlers'
 * answers: what it finds does not depend on the database or the Node.js line, which the rest of
 * the suite covers, so it runs once, in a project of its own, rather than in all three API runs
 * (about two minutes each on the two-core CI machine).
 */
const contractTests = "src/server/http/openapi-property.test.ts";

/** The web app's tests use no database: they run once, in their own project. */
const webTests = "src/web/**/*.test.ts";

/**
 * Date formatting must not depend on the machine's zone: its tests run once per zone below (no
 * database; a few milliseconds each), never only on a UTC machine.
 */
const formatTests = "src/shared/format.test.ts";
const formatZones = { utc: "UTC", auckland: "Pacific/Auckland", "los-angeles": "America/Los_Angeles" };

/**
 * The API suite runs on the embedded PGlite always and, when TEST_DATABASE_URL is set, a second
 * time on that PostgreSQL server (each test file gets its own throwaway database).
 */
// In CI the PostgreSQL run is part of the promise; without its URL it would vanish without a word.
if (process.env.CI && !process.env.TEST_DATABASE_URL) {
  throw new Error("CI is set but TEST_DATABASE_URL is not: the API suite must also run on PostgreSQL (see README)");
}

export default defineConfig({
  // The path alias of tsconfig.json `paths`; every project below `extends` this root config to get it.
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  // The web app's messages are Lingui macros and its catalogues built in layers (ADR 032): its
  // tests compile them as the build does.
  plugins: [linguiMacros(), areaCatalogues(fileURLToPath(new URL(".", import.meta.url)))],
  test: {
    // Vitest's default leaves one core free, which on CI's two cores runs one file at a time. A test
    // file here waits on its database (PostgreSQL in another process) or its own server much of the
    // time, so two files side by side keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // scripts/test.ts runs the "pglite" project by name a second time on Node.js 24 (TEST_NODE_24).
    projects: [
      // *.postgres.test.ts need a real server (several connections, a second process).
      {
        extends: true as const,
        test: {
          ...shared,
          name: "pglite",
          exclude: ["**/*.postgres.test.ts", webTests, formatTests, contractTests, "**/node_modules/**"],
          env: { TEST_DB: "pglite" },
          setupFiles: apiSetup,
          ...sharedModules,
          // One migrated database dumped per run; each test file's database starts from it.
          globalSetup: ["src/server/test/pglite-template.ts"],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true as const, test: { ...shared, name: "postgres", exclude: [webTests, formatTests, contractTests, "**/node_modules/**"], env: { TEST_DB: "postgres" }, setupFiles: apiSetup, ...sharedModules } }]
        : []),
      {
        extends: true as const,
        test: { ...shared, name: "contract", include: [contractTests], env: { TEST_DB: "pglite" }, setupFiles: apiSetup, ...sharedModules, globalSetup: ["src/server/test/pglite-template.ts"] },
      },
      ...Object.entries(formatZones).map(([name, zone]) => ({ extends: true as const, test: { ...shared, name: `format-${name}`, include: [formatTests], env: { TZ: zone } } })),
      // Includes bundle-budget.test.ts, which makes a production build (hookTimeout covers it).
      { extends: true as const, test: { ...shared, name: "web", include: [webTests], setupFiles: ["src/web/lib/i18n/english-for-tests.ts"], hookTimeout: 180_000 } },
      // The repository's own tooling (lint rules): no database, no build.
      { test: { name: "tooling", include: ["test/**/*.test.ts"], exclude: ["test/lint-fixtures/**"], environment: "node", testTimeout: 60_000, allowOnly: false } },
    ],
  },
});
