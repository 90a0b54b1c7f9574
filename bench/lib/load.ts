import autocannon from "autocannon";

export interface LoadResult {
  name: string;
  connections: number;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A bounded autocannon run against one URL on loopback. */
export async function measure(name: string, url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
  });
  return {
    name,
    connections: options.connections,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function markdownTable(rows: LoadResult[]): string {
  const lines = ["| endpoint | connections | req/s | p50 ms | p99 ms | errors | non-2xx |", "|---|---:|---:|---:|---:|---:|---:|"];
  for (const r of rows) lines.push(`| ${r.name} | ${r.connections} | ${r.requestsPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
  return lines.join("\n");
}
