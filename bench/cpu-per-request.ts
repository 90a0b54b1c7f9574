/**
 * CPU per request, ours against its baseline, from the cells of an `npm run bench` run: for each
 * pair at 100 connections, the server's and PostgreSQL's CPU (per cent of a core, from /proc) over
 * the requests answered, in µs, and the median of the pairs. Where a ratio is under its target,
 * this says which side of the wire the time went to.
 *
 *   npx tsx bench/cpu-per-request.ts [bench/results/latest.json]
 */
import { readFileSync } from "node:fs";
import { median } from "./lib/median";

interface Cell {
  requestsPerSec: number;
  serverCpuPct?: number;
  dbCpuPct?: number;
}
interface Endpoint {
  name: string;
  as: string;
  kind: string;
  path: string;
  pairs: Array<{ ours: Cell; baseline: Cell }>;
}

const file = process.argv[2] ?? "bench/results/latest.json";
const run = JSON.parse(readFileSync(file, "utf8")) as { startedAt: string; commit: string; postgres: { endpoints: Endpoint[] } };

/** µs of one process's CPU per request: per cent of a core is 10,000 µs per second. */
const perRequest = (cell: Cell, cpu: "serverCpuPct" | "dbCpuPct") => ((cell[cpu] ?? Number.NaN) * 10_000) / cell.requestsPerSec;
const µs = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "–");

console.log(`CPU per request at 100 connections, median of the pairs: ${file} (commit ${run.commit}, ${run.startedAt})\n`);
console.log("| endpoint | as | server µs ours | server µs baseline | × | PostgreSQL µs ours | PostgreSQL µs baseline |");
console.log("|---|---|---:|---:|---:|---:|---:|");
for (const endpoint of run.postgres.endpoints) {
  const of = (side: "ours" | "baseline", cpu: "serverCpuPct" | "dbCpuPct") => median(endpoint.pairs.map((pair) => perRequest(pair[side], cpu)));
  const [serverOurs, serverBaseline] = [of("ours", "serverCpuPct"), of("baseline", "serverCpuPct")];
  console.log(
    `| ${endpoint.kind} ${endpoint.path.replace(/\/[0-9a-f-]{36}$/, "/:id")} | ${endpoint.as} | ${µs(serverOurs)} | ${µs(serverBaseline)} | ${(serverOurs / serverBaseline).toFixed(1)} | ${µs(of("ours", "dbCpuPct"))} | ${µs(of("baseline", "dbCpuPct"))} |`,
  );
}
