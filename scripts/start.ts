/**
 * `npm start`: builds the web app when there is no build yet (or the sources are newer), then
 * runs the server, which serves the SPA and the API on one port.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const builtIndex = join(root, "dist/web/index.html");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(builtIndex) ||
  Math.max(newestMtime(join(root, "src/web")), newestMtime(join(root, "src/shared"))) > statSync(builtIndex).mtimeMs;

if (stale) {
  console.log("Building the web app...");
  const build = spawnSync(join(root, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import("../src/server/index");
