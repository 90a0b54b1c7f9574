/**
 * `npm test`: the API suite (Vitest; PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then
 * the end-to-end suite (Playwright, real Chromium against the built server). Both always run;
 * the exit code is non-zero when either fails.
 */
import { spawnSync } from "node:child_process";

const bin = (name: string) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const run = (name: string, args: string[]) => spawnSync(bin(name), args, { stdio: "inherit" }).status ?? 1;

const api = run("vitest", ["run"]);
const e2e = run("playwright", ["test"]);
console.log(`\nAPI suite: ${api === 0 ? "passed" : "FAILED"}; end-to-end suite: ${e2e === 0 ? "passed" : "FAILED"}`);
process.exit(api || e2e);
