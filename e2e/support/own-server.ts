import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/build-server";
import { E2E_ADMIN } from "./constants";
import { freePort } from "./free-port";

/**
 * A server process of a spec's own, for what the shared one (playwright.config.ts) must not go
 * through: being stopped and started again. The same built bundle and web app as the shared
 * server (E2E_SERVER_DIST, E2E_WEB_DIST), on a port and embedded database of its own; the same
 * bootstrap admin. `stop` and `start` keep the port and the data folder, as a restart does.
 */
export interface OwnServer {
  baseUrl: string;
  start(): Promise<void>;
  /** SIGTERM (the orderly shutdown `npm start` gets), SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
}

export async function ownServer(dataDir: string): Promise<OwnServer> {
  const serverDist = process.env.E2E_SERVER_DIST;
  const webDist = process.env.E2E_WEB_DIST;
  if (!serverDist || !webDist) throw new Error("E2E_SERVER_DIST and E2E_WEB_DIST are set by playwright.config.ts");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  async function start() {
    const process_ = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(serverDist!, "index.mjs")], {
      env: {
        PATH: process.env.PATH ?? "",
        // The config's hash cost (ADR 014) and bootstrap admin; the secret is fixed, so a session
        // made before a restart is still valid after it.
        NODE_ENV: "test",
        PASSWORD_HASH_COST: "test-only-weak",
        HOST: "127.0.0.1",
        PORT: String(port),
        BASE_URL: baseUrl,
        WEB_DIST: webDist,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_NAME: E2E_ADMIN.name,
        AUTH_SECRET: "own-server-secret-own-server-secret-0123",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = process_;
    exited = new Promise<void>((resolve) => process_.once("exit", () => resolve()));
    let output = "";
    await new Promise<void>((resolve, reject) => {
      process_.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      process_.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        // Complete lines only: a chunk may end inside one.
        for (const line of output.split("\n").slice(0, -1)) {
          if (!line.startsWith("{")) continue;
          if ((JSON.parse(line) as { event?: string }).event === "server.listening") resolve();
        }
      });
      void exited.then(() => reject(new Error(`the server exited before listening:\n${output}`)));
    });
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    running.kill("SIGTERM");
    // paces: a bound on the orderly shutdown, after which the process is killed.
    const timer = setTimeout(() => running.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }

  await start();
  return { baseUrl, start, stop };
}
