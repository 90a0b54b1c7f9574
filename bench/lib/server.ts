import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import pg from "pg";
import { defaultServerOutdir, ensureBuilt, SERVER_NODE_FLAGS } from "../../scripts/build-server";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface BenchServer {
  baseUrl: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 from the readiness path (/api/ready for the app). */
  coldStartMs: number;
  /** CPU time (user + system) the process had used when it was ready: steadier than wall time on a busy machine. */
  coldStartCpuMs: number;
  rssMb(): number;
  stop(): Promise<void>;
}

/** Environment overrides; `undefined` removes a variable inherited from this process. */
export type EnvOverrides = Record<string, string | undefined>;

export interface ProcessServerOptions {
  /** Arguments after `node`. */
  args: string[];
  env: EnvOverrides;
  /** Polled until it answers 200. */
  readyPath: string;
  timeoutMs?: number;
}

// Every server this module started and has not seen exit: killed if the benchmark dies first.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** RSS of a process from /proc, in MiB (0 once it is gone). */
export function readRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used so far, in ms (0 once it is gone). */
export function readCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime in USER_HZ (100/s)
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `intervalMs` until stopped; `stop()` answers the peak in MiB. */
export function sampleRss(pid: number, intervalMs = 100): { stop(): number } {
  let peak = readRssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, readRssMb(pid));
  }, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, readRssMb(pid));
    },
  };
}

/**
 * Spawns `node …args` on a free loopback port (PORT, HOST, BASE_URL set for it) and waits for the
 * first 200 from `readyPath`. The returned `stop()` sends SIGTERM and, after 15 s, SIGKILL.
 */
export async function startProcessServer(options: ProcessServerOptions): Promise<BenchServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...options.env, PORT: String(port), HOST: "127.0.0.1", BASE_URL: baseUrl })) {
    if (value !== undefined) env[key] = value;
  }
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, options.args, { env, stdio: ["ignore", "ignore", "inherit"] });
  running.add(child);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      running.delete(child);
      resolve();
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(force);
    }
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.args.at(-1)} exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseUrl}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${options.args.at(-1)} did not become ready in ${(options.timeoutMs ?? 60_000) / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const coldStartMs = performance.now() - started;
  const coldStartCpuMs = readCpuMs(child.pid!);
  return { baseUrl, pid: child.pid!, coldStartMs, coldStartCpuMs, rssMb: () => readRssMb(child.pid!), stop };
}

let built: Promise<string> | undefined;

/**
 * The production artifact, `dist/server/index.mjs` (ADR 007), built first when it is missing or
 * older than its sources. Checked once per benchmark process, so every start in one run measures
 * the same build even while the sources change.
 */
export function ensureBenchServerBuilt(log: (line: string) => void = console.log): Promise<string> {
  built ??= ensureBuilt({ server: true }, log).then(() => join(defaultServerOutdir, "index.mjs"));
  return built;
}

/**
 * Starts the production server as its own process (`node dist/server/index.mjs`, the bundle
 * `npm start` runs) and waits for readiness. Loopback only.
 */
export async function startBenchServer(env: EnvOverrides): Promise<BenchServer> {
  const entry = await ensureBenchServerBuilt();
  return startProcessServer({
    args: [...SERVER_NODE_FLAGS, entry],
    // LOG_LEVEL as deployed (info: a line per request, to /dev/null here), so its cost is measured.
    env: { NODE_ENV: "production", AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01", LOG_LEVEL: "info", ...env },
    readyPath: "/api/ready",
  });
}

/** Signs in and returns the Cookie header value. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A database of its own on the PostgreSQL server at `postgresUrl`, dropped first: each run starts empty. */
export async function freshDatabase(postgresUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();
  return `${postgresUrl}/${name}`;
}

/** One JSON request as a signed-in browser sends it; throws on anything but a 2xx. Answers the record's id. */
export async function apiWrite(baseUrl: string, cookie: string, method: string, path: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers: { cookie, origin: baseUrl, "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}
