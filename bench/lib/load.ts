import autocannon from "autocannon";

export interface LoadResult {
  name: string;
  connections: number;
  requestsPerSec: number;
  /** Milliseconds, from every response's own timing (0.1 ms resolution; autocannon's histogram keeps whole ms). */
  p50: number;
  p99: number;
  /** Connection errors, including timeouts. */
  errors: number;
  non2xx: number;
  timeouts: number;
  maxMs: number;
  requests: number;
  /** Mean response size (body and headers) in bytes. */
  bytesPerRequest: number;
  /** Count per HTTP status, e.g. { "200": 5120 }. */
  statusCodes: Record<string, number>;
}

export interface MeasureOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Unrecorded run first, at the same number of connections (JIT, pool connections, caches). */
  warmupSeconds?: number;
  /** Requests each connection sends in turn (a method and body, e.g. a PATCH), instead of GETs of `url`. */
  requests?: autocannon.Request[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

async function run(url: string, options: MeasureOptions, seconds: number, latencies?: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: options.connections, duration: seconds, headers: options.headers ?? {}, ...(options.requests ? { requests: options.requests } : {}) }, (error, result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
    if (latencies) instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** A bounded autocannon run against one URL on loopback. */
export async function measure(name: string, url: string, options: MeasureOptions): Promise<LoadResult> {
  if (options.warmupSeconds) await run(url, options, options.warmupSeconds);
  const latencies: number[] = [];
  const result = await run(url, options, options.seconds, latencies);
  latencies.sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = (stats as { count: number }).count;
  return {
    name,
    connections: options.connections,
    requestsPerSec: Math.round(result.requests.average),
    p50: round1(percentile(latencies, 50)),
    p99: round1(percentile(latencies, 99)),
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    maxMs: round1(latencies.at(-1) ?? NaN),
    requests: result.requests.total,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    statusCodes,
  };
}

/** Throws, naming the statuses, when a run saw a non-2xx answer or a connection error. */
export function assertClean(row: LoadResult): void {
  if (row.non2xx > 0 || row.errors > 0) {
    throw new Error(
      `${row.name} @${row.connections}: ${row.non2xx} non-2xx answers and ${row.errors} connection errors (${row.timeouts} timeouts); statuses ${JSON.stringify(row.statusCodes)}`,
    );
  }
}

export function markdownTable(rows: LoadResult[]): string {
  const lines = ["| endpoint | connections | req/s | p50 ms | p99 ms | errors | non-2xx |", "|---|---:|---:|---:|---:|---:|---:|"];
  for (const r of rows) lines.push(`| ${r.name} | ${r.connections} | ${r.requestsPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
  return lines.join("\n");
}
