/**
 * A deep page of the admin ticket list (issue 21, ADR 033): page 1,000 answers in at most twice
 * the first page's p50 when it is reached by cursor.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench npm run seed:large   # once
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench npx tsx bench/deep-page.ts
 *   (BENCH_SECONDS, default 5, per case)
 *
 * `measureDeepPage` measures on a server that is already running, signed in as an admin, one
 * connection (the page's own cost, not a load test), each case after a 1 s unrecorded warm-up:
 * page 1 of GET /api/tickets, page 1,000 by `page=1000` (OFFSET 49,950 at 50 a page), and the same
 * page by `cursor`, the nextCursor of page 999 (asked for once, untimed). It checks that the cursor
 * page is page 1,000 row for row before timing it. Run as a script, it starts the production
 * server on DATABASE_URL, signs in as the seed's admin, prints the figures and writes
 * bench/results/deep-page.md and .json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { DEFAULT_PAGE_SIZE } from "../src/shared/schemas/pagination";
import { assertClean, markdownTable, measure, type LoadResult } from "./lib/load";

export const DEEP_PAGE = 1000;

export interface DeepPageOptions {
  baseUrl: string;
  /** The Cookie header of an admin's session. */
  adminCookie: string;
  /** Measured seconds per case. */
  seconds: number;
  log: (line: string) => void;
}

export interface DeepPageResult {
  pageSize: number;
  /** Rows before the deep page: (DEEP_PAGE - 1) × pageSize. */
  rowsBefore: number;
  firstPage: LoadResult;
  byOffset: LoadResult;
  byCursor: LoadResult;
  /** p50s in ms. */
  firstPageP50: number;
  offsetP50: number;
  keysetP50: number;
  /** keysetP50 / firstPageP50: the target is at most 2. */
  ratio: number;
  /** offsetP50 / firstPageP50, for comparison. */
  offsetRatio: number;
  held: boolean;
}

interface TicketPageBody {
  items: Array<{ id: string }>;
  nextCursor: string | null;
}

async function getPage(options: DeepPageOptions, path: string): Promise<TicketPageBody> {
  const response = await fetch(`${options.baseUrl}${path}`, { headers: { cookie: options.adminCookie } });
  const body = (await response.json()) as TicketPageBody;
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export async function measureDeepPage(options: DeepPageOptions): Promise<DeepPageResult> {
  const pageSize = DEFAULT_PAGE_SIZE;
  const rowsBefore = (DEEP_PAGE - 1) * pageSize;
  const before = await getPage(options, `/api/tickets?page=${DEEP_PAGE - 1}`);
  if (!before.nextCursor) throw new Error(`the list ends before page ${DEEP_PAGE}: seed more tickets (npm run seed:large)`);
  const cursorPath = `/api/tickets?cursor=${before.nextCursor}`;
  const [byNumber, byCursor] = await Promise.all([getPage(options, `/api/tickets?page=${DEEP_PAGE}`), getPage(options, cursorPath)]);
  const ids = (page: TicketPageBody) => page.items.map((ticket) => ticket.id).join();
  if (byNumber.items.length !== pageSize || ids(byNumber) !== ids(byCursor)) {
    throw new Error(`the cursor page is not page ${DEEP_PAGE}: ${byCursor.items.length} rows, ${byNumber.items.length} by page number`);
  }

  const cases: Array<[string, string]> = [
    ["GET /api/tickets (page 1)", "/api/tickets"],
    [`GET /api/tickets?page=${DEEP_PAGE} (offset ${rowsBefore.toLocaleString("en")})`, `/api/tickets?page=${DEEP_PAGE}`],
    [`GET /api/tickets?cursor=… (page ${DEEP_PAGE} by cursor)`, cursorPath],
  ];
  const rows: LoadResult[] = [];
  for (const [name, path] of cases) {
    const row = await measure(name, `${options.baseUrl}${path}`, { connections: 1, seconds: options.seconds, warmupSeconds: 1, headers: { cookie: options.adminCookie } });
    assertClean(row);
    options.log(`${name}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.requests} requests`);
    rows.push(row);
  }
  const [firstPage, byOffset, keyset] = rows as [LoadResult, LoadResult, LoadResult];
  const ratio = round2(keyset.p50 / firstPage.p50);
  options.log(`page ${DEEP_PAGE} by cursor / page 1 (p50): ${ratio} (target <= 2: ${ratio <= 2 ? "held" : "NOT held"}); by offset: ${round2(byOffset.p50 / firstPage.p50)}`);
  return {
    pageSize,
    rowsBefore,
    firstPage,
    byOffset,
    byCursor: keyset,
    firstPageP50: firstPage.p50,
    offsetP50: byOffset.p50,
    keysetP50: keyset.p50,
    ratio,
    offsetRatio: round2(byOffset.p50 / firstPage.p50),
    held: ratio <= 2,
  };
}

async function main() {
  const { signIn, startBenchServer } = await import("./lib/server");
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("Set DATABASE_URL to the database seeded with `npm run seed:large`, e.g.\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench npx tsx bench/deep-page.ts");
    process.exit(2);
  }
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const server = await startBenchServer({ DATABASE_URL: databaseUrl });
  try {
    const adminCookie = await signIn(server.baseUrl, "admin@seed.portico.test", "seed-password-1");
    const result = await measureDeepPage({ baseUrl: server.baseUrl, adminCookie, seconds, log: console.log });
    mkdirSync("bench/results", { recursive: true });
    writeFileSync(
      "bench/results/deep-page.md",
      `# A deep page of the admin ticket list\n\n${new Date().toISOString()}, PostgreSQL, the production server, 1 connection, ${seconds} s per case after 1 s of warm-up, ${result.pageSize} tickets a page, this machine (2 cores, shared).\n\n` +
        `${markdownTable([result.firstPage, result.byOffset, result.byCursor])}\n\n` +
        `Page ${DEEP_PAGE} by cursor / page 1 (p50): **${result.ratio}** (target ≤ 2: ${result.held ? "held" : "not held"}); by offset: ${result.offsetRatio}.\n`,
    );
    writeFileSync("bench/results/deep-page.json", JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
