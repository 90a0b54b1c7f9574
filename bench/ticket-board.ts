/**
 * The customer ticket board with 10,000 tickets in one company, on the large data set.
 *   DATABASE_URL=postgres://…/portico_bench npm run seed:large
 *   DATABASE_URL=postgres://…/portico_bench npm run bench:board
 * Signs in as history@seed.portico.test (Seed Long History Ltd, 10,000 tickets; seed-large.ts)
 * against the production server and measures:
 *   - each request the board makes, at 1 and 50 connections: the exact column counts, each
 *     column's first page, and the oldest page of a column (the end of a long scroll);
 *   - the board's first load as a browser sends it (the counts and three first pages at once),
 *     one after the other, BOARD_SAMPLES times: p50 and p99 of the slowest of the four;
 *   - in Chromium: navigation to the columns showing their counts and first cards, then each
 *     "Show more" of one column until it holds 1,000 cards (DOM size and render time per page).
 * Writes bench/results/ticket-board.md and .json. Loopback only; bounded by BENCH_SECONDS.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { chromium } from "@playwright/test";
import { ensureBuilt } from "../scripts/build-server";
import { findBrowser } from "../scripts/find-browser";
import { markdownTable, measure, type LoadResult } from "./lib/load";
import { signIn, startBenchServer } from "./lib/server";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to the PostgreSQL database seeded with `npm run seed:large`.");
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const boardSamples = Number(process.env.BOARD_SAMPLES ?? 200);
const CUSTOMER = "history@seed.portico.test";
const PAGE_SIZE = 50;

const round1 = (value: number) => Math.round(value * 10) / 10;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Counts {
  pending: number;
  doing: number;
  done: number;
}

/** The board's first load, as a browser sends it: the counts and every column's first page at once. */
async function boardFirstLoad(baseUrl: string, headers: Record<string, string>) {
  const paths = ["/api/tickets/status-counts", ...["pending", "doing", "done"].map((status) => `/api/tickets?status=${status}&pageSize=${PAGE_SIZE}&page=1`)];
  const timings: number[] = [];
  for (let sample = 0; sample < boardSamples; sample++) {
    const started = performance.now();
    const responses = await Promise.all(paths.map((path) => fetch(baseUrl + path, { headers })));
    await Promise.all(responses.map((response) => response.arrayBuffer()));
    if (responses.some((response) => response.status !== 200)) throw new Error("a board request failed");
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return { samples: boardSamples, p50: round1(percentile(timings, 50)), p99: round1(percentile(timings, 99)) };
}

/** Chromium on the real page: first render, then "Show more" on Pending up to 1,000 cards. */
async function inBrowser(baseUrl: string, cookie: string) {
  const browser = await chromium.launch({ executablePath: await findBrowser(), args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name: name!, value: value.join("="), url: baseUrl };
      }),
    );
    const page = await context.newPage();
    const column = 'section[aria-labelledby="ticket-column-pending"]';
    const cardsIn = (count: number) => page.waitForFunction(([selector, n]) => document.querySelectorAll(`${selector} li`).length >= n, [column, count] as const);
    const firstRenders: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      await page.goto(`${baseUrl}/dashboard/tickets`);
      await cardsIn(PAGE_SIZE);
      await page.waitForFunction((selector) => /\d/.test(document.querySelector(`${selector} [data-testid="column-count"]`)?.textContent ?? ""), column);
      firstRenders.push(performance.now() - started);
    }
    firstRenders.sort((a, b) => a - b);

    // Timed inside the page, from the click to the next page's cards in the DOM, so the figure is
    // the app's (a fetch and a render of the whole column), not the test driver's.
    const pages: Array<{ cards: number; ms: number; domNodes: number }> = [];
    for (let cards = PAGE_SIZE; cards < 1000; cards += PAGE_SIZE) {
      const ms = await page.evaluate(
        ([selector, target]) =>
          new Promise<number>((resolve) => {
            const list = document.querySelector(selector)!;
            const started = performance.now();
            // No named functions in here: tsx would wrap them in a helper the page does not have.
            new MutationObserver((_, observer) => {
              if (list.querySelectorAll("li").length < target) return;
              observer.disconnect();
              resolve(performance.now() - started);
            }).observe(list, { childList: true, subtree: true });
            const button = [...list.querySelectorAll("button")].find((candidate) => candidate.textContent === "Show more");
            button!.click();
          }),
        [column, cards + PAGE_SIZE] as const,
      );
      pages.push({ cards: cards + PAGE_SIZE, ms: round1(ms), domNodes: await page.evaluate(() => document.querySelectorAll("*").length) });
    }
    return { firstRenderMedianMs: round1(firstRenders[2]!), firstRenderRunsMs: firstRenders.map(round1), pages };
  } finally {
    await browser.close();
  }
}

await ensureBuilt({ web: true, server: true });
const loadAtStart = loadavg().map((value) => value.toFixed(1)).join(", ");
const server = await startBenchServer({ DATABASE_URL: databaseUrl });
try {
  const cookie = await signIn(server.baseUrl, CUSTOMER, "seed-password-1");
  const headers = { cookie };
  const counts = (await (await fetch(`${server.baseUrl}/api/tickets/status-counts`, { headers })).json()) as Counts;
  const total = counts.pending + counts.doing + counts.done;
  if (total < 10_000) throw new Error(`${CUSTOMER} sees ${total} tickets; run npm run seed:large on this database first`);
  const oldestPendingPage = Math.ceil(counts.pending / PAGE_SIZE);

  const endpoints: Array<[string, string]> = [
    ["column counts", "/api/tickets/status-counts"],
    ["Pending, first page", `/api/tickets?status=pending&pageSize=${PAGE_SIZE}`],
    ["Doing, first page", `/api/tickets?status=doing&pageSize=${PAGE_SIZE}`],
    ["Done, first page", `/api/tickets?status=done&pageSize=${PAGE_SIZE}`],
    [`Pending, oldest page (${oldestPendingPage})`, `/api/tickets?status=pending&pageSize=${PAGE_SIZE}&page=${oldestPendingPage}`],
  ];
  const rows: LoadResult[] = [];
  for (const [name, path] of endpoints) {
    const probe = await fetch(server.baseUrl + path, { headers });
    if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}: ${await probe.text()}`);
    for (const connections of [1, 50]) {
      const row = await measure(name, server.baseUrl + path, { connections, seconds, headers, warmupSeconds: 1 });
      console.log(`${name} @${connections}: ${row.requestsPerSec} req/s p50 ${row.p50} ms p99 ${row.p99} ms errors ${row.errors} non2xx ${row.non2xx}`);
      rows.push(row);
    }
  }
  const firstLoad = await boardFirstLoad(server.baseUrl, headers);
  console.log(`board first load (4 requests at once) x${firstLoad.samples}: p50 ${firstLoad.p50} ms p99 ${firstLoad.p99} ms`);
  const browser = await inBrowser(server.baseUrl, cookie);
  console.log(`Chromium: first render p50 ${browser.firstRenderMedianMs} ms; Show more up to ${browser.pages.at(-1)?.cards} cards`);

  const slowestPage = browser.pages.reduce((max, page) => Math.max(max, page.ms), 0);
  const last = browser.pages.at(-1);
  const report = [
    "# Customer ticket board, 10,000 tickets in one company",
    "",
    `${new Date().toISOString()}, PostgreSQL, production server, ${seconds} s per cell, this machine (2 cores; load average ${loadAtStart} at the start).`,
    `Data: the large data set (\`npm run seed:large\`) with Seed Long History Ltd: ${total.toLocaleString("en-US")} tickets ` +
      `(${counts.pending} pending, ${counts.doing} doing, ${counts.done} done), signed in as ${CUSTOMER}.`,
    "",
    "## Each request of the board",
    "",
    markdownTable(rows),
    "",
    "## The board's first load (column counts and three first pages, sent at once)",
    "",
    `${firstLoad.samples} loads one after the other: p50 ${firstLoad.p50} ms, p99 ${firstLoad.p99} ms.`,
    "",
    "## In Chromium",
    "",
    `From navigation to the counts and ${PAGE_SIZE} Pending cards on screen: median of 5 ${browser.firstRenderMedianMs} ms (${browser.firstRenderRunsMs.join(", ")} ms).`,
    `"Show more" on Pending, ${browser.pages.length} times to ${last?.cards} cards: slowest ${slowestPage} ms, last ${last?.ms} ms, ` +
      `${last?.domNodes} DOM elements on the page at the end.`,
    "",
  ].join("\n");
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/ticket-board.md", report);
  writeFileSync("bench/results/ticket-board.json", JSON.stringify({ counts, rows, firstLoad, browser }, null, 2));
  console.log(`\n${report}`);
} finally {
  await server.stop();
}
