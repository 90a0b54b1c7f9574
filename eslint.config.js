import path from "node:path";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import checkFile from "eslint-plugin-check-file";
import drizzle from "eslint-plugin-drizzle";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import portico from "./lint/portico-rules.js";

/**
 * The rules of DESIGN section 2, enforced rather than hoped for. test/lint-rules.test.ts proves
 * that each one reports a deliberate violation.
 */

/** One path alias instead of climbing: `../../../x` is `@/…` (@/ = src/). */
const noClimbing = {
  regex: "^(?:\\.\\./){2,}\\.\\.(?:/|$)",
  message: "Import climbs three or more folders: use the @/ alias (@/ = src/) instead.",
};
const serverLibraries = ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*", "better-auth", "better-auth/*"];
/** Import boundaries between the three source roots; `**\/server` also matches `@/server/…`. */
const sharedBoundary = [
  { group: ["**/server", "**/server/**", "**/web", "**/web/**"], message: "src/shared imports neither the server nor the web app." },
  { group: ["hono", "hono/*", "@hono/*", "react", "react-dom", ...serverLibraries], message: "src/shared stays free of server and UI libraries." },
];
const webBoundary = [
  { group: ["**/server", "**/server/**"], allowTypeImports: true, message: "The web app may only `import type` from the server." },
  { group: serverLibraries, message: "Server-only library in the web app." },
];
const serverBoundary = [{ group: ["**/web", "**/web/**"], message: "The server never imports the web app." }];
/**
 * A module hands what its write changed to `ctx.record` (ADR 040); the writers of the side effects
 * (history, notifications, webhook events, audit entries, announcements) are the listeners' own,
 * registered in src/server/changes/listeners.ts, so no module calls another module's side effect.
 * Their types stay importable.
 */
const sideEffectWriters = [
  "**/activity/activity-log",
  "**/audit/audit-log",
  "**/notifications/notify",
  "**/notifications/*-notices",
  "**/notifications/notification-listener",
  "**/webhooks/webhook-events",
  "**/realtime/realtime-listener",
  "**/realtime/announce",
];
const sideEffectBoundary = [
  { group: sideEffectWriters, allowTypeImports: true, message: "A module records its change with ctx.record (ADR 040); it never calls another module's side-effect writer." },
];
/**
 * A later config object replaces the options of `no-restricted-imports` instead of adding to them,
 * so every one of them carries the climbing rule.
 */
const restrictImports = (...patterns) => ["error", { patterns: [noClimbing, ...patterns] }];

/** Kebab-case file names; `tickets.routes.ts`, `x.postgres.test.ts`, `vite-env.d.ts` count by their first part. */
const kebabCaseFiles = ["error", { "src/**/*.{ts,tsx}": "KEBAB_CASE" }, { ignoreMiddleExtensions: true }];
/** One naming scheme for the web app's API files: features/<feature>/api/use-*.ts. */
const apiHookFiles = [
  "error",
  { "src/web/features/*/api/**/!(use-*.ts)": "use-*.ts" },
  { errorMessage: 'API file "{{ target }}": every file in features/<feature>/api/ is a hook module named use-*.ts.' },
];

/** Drizzle updates and deletes always have a `where`: the database handle is `db` or `tx` here. */
const drizzleObjectName = ["db", "tx"];

const tsconfigs = ["tsconfig.json", "test/lint-fixtures/tsconfig.json"].map((file) => path.join(import.meta.dirname, file));

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      ".stryker-tmp/**",
      "reports/**",
      "bench/results/**",
      // Deliberate violations: test/lint-rules.test.ts lints them on purpose.
      "test/lint-fixtures/**",
      // Compiled against a client generated at test time (src/server/http/openapi-client.test.ts).
      "src/server/test/openapi-client-journey/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["**/*.{ts,tsx,mts,cts}"],
    plugins: { "import-x": importX, drizzle, "check-file": checkFile, portico },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"],
      "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts", ".cts"] },
      // Understands the `@/` alias from tsconfig `paths` (and the lint fixtures' own tsconfig).
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: tsconfigs, noWarnOnMultipleProjects: true })],
    },
    rules: {
      // Type-only imports are erased at build time and do not count as a cycle.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName }],
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName }],
      "no-restricted-imports": restrictImports(),
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: { "check-file/filename-naming-convention": kebabCaseFiles, "check-file/filename-blocklist": apiHookFiles },
  },
  { files: ["src/shared/**/*.ts"], rules: { "no-restricted-imports": restrictImports(...sharedBoundary) } },
  { files: ["src/server/**/*.ts"], rules: { "no-restricted-imports": restrictImports(...serverBoundary) } },
  { files: ["src/server/modules/**/*.ts"], rules: { "no-restricted-imports": restrictImports(...serverBoundary, ...sideEffectBoundary) } },
  // Every (ctx, …) function wherever it lives; service files must export nothing else (the rule reads the name).
  { files: ["src/server/**/*.ts", "test/lint-fixtures/service-signature/**/*.ts"], rules: { "portico/service-signature": "error" } },
  {
    files: ["src/server/db/**/*.ts"],
    rules: {
      "portico/layer-boundaries": [
        "error",
        { forbid: ["src/server/http"], message: "The database layer never imports the HTTP layer: pass what it needs in as arguments." },
      ],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": restrictImports(...webBoundary),
      "portico/feature-boundaries": ["error", { featuresDir: "src/web/features" }],
    },
  },
);
