/**
 * What outgoing webhooks cost a write (issue: outgoing webhooks, ADR 031): `POST /api/tickets`
 * with five enabled endpoints subscribed to `ticket.created` against none, on the same build, in
 * alternating rounds, each on a PostgreSQL database of its own. With endpoints, every ticket is
 * five more delivery rows in its transaction, and the same server process signs and POSTs them to
 * a receiver on loopback while the load runs, so the sender's work is in the measurement too.
 *
 *   npx tsx bench/webhook-write.ts [--rounds 3] [--seconds 5]
 *   (BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432 by default)
 *
 * Acceptance: ticket create p99 with five endpoints ≤ 1.2 × without. Writes
 * bench/results/webhook-write.md.
 */
import { createServer } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/build-server";
import { measure } from "./lib/load";
import { apiWrite, ensureBenchServerBuilt, freshDatabase, readCpuMs, signIn, startProcessServer } from "./lib/server";

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const rounds = Number(arg("--rounds") ?? 3);
const seconds = Number(arg("--seconds") ?? 5);
const CONNECTIONS = 10;
const ENDPOINTS = 5;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
const ADMIN = { email: "bench-admin@webhooks.portico.test", password: "harbor-ledger-lantern-61" };
const root = resolve(import.meta.dirname, "..");



// The endpoints' receiver: answers every delivery at once, as a healthy receiver does.
let received = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    received += 1;
    res.end("ok");
  });
});
await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

const entry = await ensureBenchServerBuilt();
const variants = [
  { name: "no webhook endpoint", endpoints: 0, database: "portico_bench_webhooks_none" },
  { name: `${ENDPOINTS} endpoints subscribed`, endpoints: ENDPOINTS, database: "portico_bench_webhooks_five" },
];
const results = new Map<string, { rps: number[]; cpuUs: number[]; p50: number[]; p99: number[]; delivered: number[] }>();
const loadAtStart = loadavg();

for (let round = 1; round <= rounds; round++) {
  for (const variant of variants) {
    const server = await startProcessServer({
      args: [...SERVER_NODE_FLAGS, entry],
      env: {
        NODE_ENV: "production",
        AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
        DATABASE_URL: await freshDatabase(postgresUrl, variant.database),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "info",
        // The receiver is on loopback.
        WEBHOOK_ALLOW_PRIVATE: "true",
        WRITE_RATE_LIMIT: "0",
      },
      readyPath: "/api/ready",
    });
    try {
      const cookie = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
      for (let i = 0; i < variant.endpoints; i++) {
        await apiWrite(server.baseUrl, cookie, "POST", "/api/webhooks", { url: `${receiverUrl}/${i}`, eventTypes: ["ticket.created", "ticket.updated"] });
      }
      const company = await apiWrite(server.baseUrl, cookie, "POST", "/api/companies", { name: "Bench Co" });
      const project = await apiWrite(server.baseUrl, cookie, "POST", "/api/projects", { companyId: company.id, name: "Bench project" });
      const headers = { cookie, origin: server.baseUrl, "content-type": "application/json" };
      const requests = [{ method: "POST" as const, path: "/api/tickets", body: JSON.stringify({ projectId: project.id, title: "Bench ticket" }) }];
      const options = { connections: CONNECTIONS, headers, requests };
      await measure("warm-up", server.baseUrl, { ...options, seconds: 1 });
      const receivedBefore = received;
      const cpuBefore = readCpuMs(server.pid);
      const result = await measure(variant.name, server.baseUrl, { ...options, seconds });
      if (result.non2xx || result.errors) throw new Error(`${variant.name}: ${JSON.stringify(result.statusCodes)}, ${result.errors} errors`);
      const cpuUs = Math.round(((readCpuMs(server.pid) - cpuBefore) * 1000) / result.requests);
      const row = results.get(variant.name) ?? { rps: [], cpuUs: [], p50: [], p99: [], delivered: [] };
      row.rps.push(result.requestsPerSec);
      row.cpuUs.push(cpuUs);
      row.p50.push(result.p50);
      row.p99.push(result.p99);
      row.delivered.push(received - receivedBefore);
      results.set(variant.name, row);
      console.log(
        `round ${round} ${variant.name}: ${result.requestsPerSec} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${cpuUs} µs server CPU/req, ${received - receivedBefore} deliveries received during the run`,
      );
    } finally {
      await server.stop();
    }
  }
}
receiver.close();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const [none, five] = variants.map((variant) => results.get(variant.name)!);
const ratio = median(five!.p99) / median(none!.p99);
const lines = [
  "# Outgoing webhooks: cost of a webhook-enabled write (`bench/webhook-write.ts`)",
  "",
  `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? "cpu"} · load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(" / ")}, at the end ${loadavg().map((v) => v.toFixed(2)).join(" / ")}`,
  `PostgreSQL, production bundle, ${CONNECTIONS} connections, admin \`POST /api/tickets\`, ${seconds} s per cell after 1 s warm-up, ${rounds} alternating rounds (medians; every round in parentheses). ` +
    `With endpoints, the same server process sends each delivery to a receiver on loopback during the run.`,
  "",
  "| variant | req/s | p50 ms | p99 ms | server CPU µs/req | deliveries received during the run |",
  "|---|---:|---:|---:|---:|---:|",
  ...variants.map((variant) => {
    const row = results.get(variant.name)!;
    return `| ${variant.name} | ${median(row.rps)} (${row.rps.join(", ")}) | ${median(row.p50)} | ${median(row.p99)} (${row.p99.join(", ")}) | ${median(row.cpuUs)} (${row.cpuUs.join(", ")}) | ${median(row.delivered)} |`;
  }),
  "",
  `Ticket create p99 with ${ENDPOINTS} endpoints: ${ratio.toFixed(2)} × without (acceptance: ≤ 1.2 ×).`,
  "",
];
mkdirSync(join(root, "bench", "results"), { recursive: true });
writeFileSync(join(root, "bench", "results", "webhook-write.md"), lines.join("\n"));
console.log(lines.join("\n"));
