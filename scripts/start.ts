/**
 * `npm start`: builds the web app and the server bundle when they are missing or older than their
 * sources, then runs the production server, `node dist/server/index.mjs`, which serves the SPA and
 * the API on one port (ADR 007). In a deployment, `npm run build` once and run that command
 * directly: this launcher only adds a process that forwards signals and the exit code.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { defaultServerOutdir, ensureBuilt, SERVER_NODE_FLAGS } from "./build-server";

try {
  await ensureBuilt({ web: true, server: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(defaultServerOutdir, "index.mjs")], { stdio: "inherit" });

// The server shuts down gracefully on SIGTERM/SIGINT; this process waits for it and exits as it did.
// (A terminal's Ctrl-C reaches both processes; the server ignores the second signal.)
const forward = (signal: NodeJS.Signals) => () => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
process.on("SIGTERM", forward("SIGTERM"));
process.on("SIGINT", forward("SIGINT"));
process.on("SIGHUP", forward("SIGHUP"));

child.on("error", (error) => {
  console.error(`could not start the server: ${error.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (signal) {
    // Die of the same signal so whoever started us sees it (default action, handlers removed).
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
