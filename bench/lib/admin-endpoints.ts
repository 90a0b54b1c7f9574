import { mkdirSync, writeFileSync } from "node:fs";
import { markdownTable, measure, type LoadResult } from "./load";
import { signIn, startBenchServer } from "./server";

/**
 * Starts the production server on the large seed's database, signs in as its admin and measures
 * each endpoint at 1 and 50 connections, after checking it answers 200. Writes
 * bench/results/<name>.md (the heading, then the table) and .json, and prints the table.
 */
export async function measureAdminEndpoints(options: {
  databaseUrl: string;
  endpoints: Array<[string, string]>;
  seconds: number;
  name: string;
  heading: (table: string) => string;
}): Promise<void> {
  const server = await startBenchServer({ DATABASE_URL: options.databaseUrl });
  try {
    const cookie = await signIn(server.baseUrl, "admin@seed.portico.test", "seed-password-1");
    const headers = { cookie };
    const rows: LoadResult[] = [];
    for (const [name, path] of options.endpoints) {
      const probe = await fetch(server.baseUrl + path, { headers });
      if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}: ${await probe.text()}`);
      for (const connections of [1, 50]) {
        const row = await measure(name, server.baseUrl + path, { connections, seconds: options.seconds, headers });
        console.log(`${name} @${connections}: ${row.requestsPerSec} req/s p50 ${row.p50} ms p99 ${row.p99} ms errors ${row.errors} non2xx ${row.non2xx}`);
        rows.push(row);
      }
    }
    const table = markdownTable(rows);
    mkdirSync("bench/results", { recursive: true });
    writeFileSync(`bench/results/${options.name}.md`, options.heading(table));
    writeFileSync(`bench/results/${options.name}.json`, JSON.stringify(rows, null, 2));
    console.log(`\n${table}`);
  } finally {
    await server.stop();
  }
}
