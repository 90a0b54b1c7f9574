import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sleep } from "./realtime/test-streams";

/**
 * nginx from the system's packages in front of Portico processes, with the repository's example
 * configuration (`deploy/nginx.conf`): the scale-out test proves the configuration we document.
 */
export interface Nginx {
  baseUrl: string;
  stop(): Promise<void>;
}

// Debian installs it in /usr/sbin, which a user's PATH may not include.
const nginxBinary = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
const exampleConfig = fileURLToPath(new URL("../../../deploy/nginx.conf", import.meta.url));

/**
 * The example with this run's addresses: `upstreamPorts` in place of its `server 127.0.0.1:…`
 * lines, `port` in place of `listen 80`, and the pid file, logs and temporary files in `dir`.
 */
export function renderConfig(example: string, { port, upstreamPorts, dir }: { port: number; upstreamPorts: number[]; dir: string }): string {
  const upstreamLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;$/gm;
  const lines = [...example.matchAll(upstreamLine)];
  if (lines.length !== upstreamPorts.length) throw new Error(`deploy/nginx.conf lists ${lines.length} upstream servers; the test starts ${upstreamPorts.length}`);
  let index = 0;
  const withUpstreams = example.replace(upstreamLine, (_, indent: string, options = "") => `${indent}server 127.0.0.1:${upstreamPorts[index++]}${options};`);
  if (!/^\s*listen 80;$/m.test(withUpstreams)) throw new Error("deploy/nginx.conf no longer listens on port 80: update renderConfig");
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `    ${kind}_temp_path ${join(dir, kind)};`).join("\n");
  return withUpstreams
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^http \{$/m, `error_log ${join(dir, "error.log")} warn;\npid ${join(dir, "nginx.pid")};\n\nhttp {\n${temp}`);
}

/**
 * Starts nginx on `port` in the foreground, as a child of this process, and waits until it answers
 * through to Portico.
 */
export async function startNginx({ port, upstreamPorts }: { port: number; upstreamPorts: number[] }): Promise<Nginx> {
  // nginx's workers may run as another user than the test (nobody, when the test is root): they
  // write proxied bodies into these folders.
  const dir = mkdtempSync(join(tmpdir(), "portico-nginx-"));
  chmodSync(dir, 0o777);
  const config = join(dir, "nginx.conf");
  writeFileSync(config, renderConfig(readFileSync(exampleConfig, "utf8"), { port, upstreamPorts, dir }));
  const child = spawn(nginxBinary, ["-p", dir, "-e", join(dir, "error.log"), "-c", config, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-16 * 1024));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let spawnError: Error | undefined;
  child.once("error", (error) => (spawnError = error));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (spawnError) throw new Error(`nginx could not start (${spawnError.message}); install it: apt-get install -y nginx`);
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output}${readIfThere(join(dir, "error.log"))}`);
    const response = await fetch(`${baseUrl}/api/ready`).catch(() => undefined);
    if (response?.status === 200) break;
    await sleep(50); // paces: a poll until nginx listens and reaches a process
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGTERM is nginx's fast shutdown: open event streams are cut, not waited for.
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
