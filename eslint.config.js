import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import boundaries of DESIGN section 2, enforced rather than hoped for. */
const sharedBoundary = {
  patterns: [
    { group: ["**/server/**", "**/web/**"], message: "src/shared imports neither the server nor the web app." },
    { group: ["hono", "hono/*", "@hono/*", "drizzle-orm", "drizzle-orm/*", "pg", "react", "react-dom", "better-auth", "better-auth/*"], message: "src/shared stays free of server and UI libraries." },
  ],
};
const webBoundary = {
  patterns: [
    { group: ["**/server/**"], allowTypeImports: true, message: "The web app may only `import type` from the server." },
    { group: ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*", "better-auth", "better-auth/*"], message: "Server-only library in the web app." },
  ],
};
const serverBoundary = {
  patterns: [{ group: ["**/web/**"], message: "The server never imports the web app." }],
};

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "bench/results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  { files: ["src/shared/**/*.ts"], rules: { "no-restricted-imports": ["error", sharedBoundary] } },
  { files: ["src/server/**/*.ts"], rules: { "no-restricted-imports": ["error", serverBoundary] } },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, "no-restricted-imports": ["error", webBoundary] },
  },
  {
    // Test helpers read loosely-typed JSON bodies on purpose.
    files: ["**/*.test.ts", "src/server/test/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
