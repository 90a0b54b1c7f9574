import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/**
 * The real server (`src/server/index.ts`) in a child process, for the multi-process tests and the
 * fan-out benchmark. Not used by the product.
 */
export interface ChildServer {
  baseUrl: string;
  pid: number;
  /** SIGTERM (graceful shutdown), then SIGKILL after `graceMs`. Resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
  /** SIGKILL: no shutdown at all, as when a machine dies. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** Resolves when the process is gone, however it ended (a test failpoint kills it from inside). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const root = fileURLToPath(new URL("../../../..", import.meta.url));

/** A port free on 127.0.0.1 a moment ago (the server binds it next). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Starts it and resolves once it logs `server.listening`: `env` must leave LOG_LEVEL at `info`
 * (the default here) or below. Its output is kept only as a bounded tail, for the error message
 * of a failed start.
 */
export async function spawnServer(env: Record<string, string>, startTimeoutMs = 60_000, port?: number): Promise<ChildServer> {
  // A given port: a process restarted where a proxy's configuration expects it.
  port ??= await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), BASE_URL: baseUrl, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const exited = ended.then(({ code }) => code);
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64 * 1024);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => { // paces: the deadline for the child server to start
      child.kill("SIGKILL");
      reject(new Error(`server did not start within ${startTimeoutMs} ms: ${output}`));
    }, startTimeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-64 * 1024);
      if (output.includes('"event":"server.listening"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening: ${output}`));
    });
  });
  return {
    baseUrl,
    pid: child.pid!,
    exited: ended,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), graceMs); // paces: the grace before a forced kill
      const code = await exited;
      clearTimeout(killer);
      return code;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
}
