/**
 * The admin inbox's conversation list with 10,000 conversations (issue 22), by hand, not in CI:
 *   npx tsx bench/admin-inbox.ts
 * Creates a throwaway database (POSTGRES_URL, default postgres://postgres@127.0.0.1:5432;
 * database portico_bench_inbox, dropped first and again at the end unless KEEP_BENCH_DB=1), starts
 * the production server on it (which migrates it and creates the admin), seeds 10,000 companies
 * with a customer each and 10 messages per company (100,000; every fifth conversation ends with
 * unread customer messages, every third with the team's reply) in three statements, and measures
 * the list as the inbox asks for it (30 conversations, each with its last message): the first
 * page newest first, unread first, a search by company name in both orders, and a page deep in
 * the unread-first order by cursor. Each at 1 and 10 connections, BENCH_SECONDS (default 5) a
 * cell after a 1 s warm-up. Writes bench/results/admin-inbox.md and prints the table.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import pg from "pg";
import { assertClean, markdownTable, measure, type LoadResult } from "./lib/load";
import { freshDatabase, signIn, startBenchServer } from "./lib/server";

const postgresUrl = process.env.POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
const databaseName = "portico_bench_inbox";
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const COMPANIES = 10_000;
const MESSAGES_EACH = 10;
const ADMIN = { email: "admin@inbox.bench.test", password: "inbox-bench-password-1" };
const list = "/api/messages/conversations?pageSize=30&recent=1";

// uuid from a namespace letter and a row number, as scripts/seed-large.ts makes them.
const id = (ns: string, expr: string) => `('${ns}0000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;

async function seed(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    await client.query(`INSERT INTO companies (id, name, created_at)
      SELECT ${id("c", "g")}, 'Inbox Company ' || lpad(g::text, 5, '0'), now() - interval '1 year'
      FROM generate_series(1, ${COMPANIES}) g`);
    await client.query(`INSERT INTO profiles (id, full_name, email, email_verified, created_at, updated_at)
      SELECT ${id("a", "g")}, 'Inbox Customer ' || g, 'customer' || g || '@inbox.bench.test', true, now(), now()
      FROM generate_series(1, ${COMPANIES}) g`);
    await client.query(`INSERT INTO company_users (user_id, company_id) SELECT ${id("a", "g")}, ${id("c", "g")} FROM generate_series(1, ${COMPANIES}) g`);
    const [admin] = (await client.query<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [ADMIN.email])).rows;
    // Message k (1..10) of company c, k minutes apart, the companies' last activity spread over a week.
    // The last message is the team's for every third company; customer messages are unread in every fifth.
    await client.query(
      `INSERT INTO messages (id, company_id, sender_id, content, is_read, created_at)
       SELECT gen_random_uuid(), ${id("c", "c")},
         CASE WHEN k = ${MESSAGES_EACH} AND c % 3 = 0 THEN $1::uuid ELSE ${id("a", "c")} END,
         'Inbox message ' || k || ' of company ' || c, c % 5 <> 0,
         now() - ((c * 60) || ' seconds')::interval - ((${MESSAGES_EACH} - k) || ' minutes')::interval
       FROM generate_series(1, ${COMPANIES}) c, generate_series(1, ${MESSAGES_EACH}) k`,
      [admin!.id],
    );
    await client.query("ANALYZE");
    const counts = (await client.query<{ conversations: string; unread: string }>(`SELECT count(*) AS conversations, count(*) FILTER (WHERE unread_count > 0) AS unread FROM conversations`)).rows[0]!;
    console.log(`seeded ${counts.conversations} conversations (${counts.unread} with unread messages) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

/** The cursor of page `pages` + 1 of `path`, walked page by page (and so checked to exist). */
async function cursorAfter(baseUrl: string, cookie: string, path: string, pages: number): Promise<string> {
  let cursor = "";
  for (let page = 0; page < pages; page++) {
    const response = await fetch(`${baseUrl}${path}${cursor ? `&cursor=${cursor}` : ""}`, { headers: { cookie } });
    const body = (await response.json()) as { nextCursor: string | null };
    if (response.status !== 200 || !body.nextCursor) throw new Error(`${path}: page ${page + 1} answered ${response.status} without a next cursor`);
    cursor = body.nextCursor;
  }
  return cursor;
}

const databaseUrl = await freshDatabase(postgresUrl, databaseName);
const server = await startBenchServer({ DATABASE_URL: databaseUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const loadAtStart = loadavg()[0]!.toFixed(1);
const rows: LoadResult[] = [];
try {
  await seed(databaseUrl);
  const cookie = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
  const deep = await cursorAfter(server.baseUrl, cookie, `${list}&order=unread`, 100);
  const endpoints: Array<[string, string]> = [
    ["first page, newest first", list],
    ["first page, unread first", `${list}&order=unread`],
    ["search 'Company 0424', newest first", `${list}&q=Company%200424`],
    ["search 'Company 0424', unread first", `${list}&q=Company%200424&order=unread`],
    ["unread first, page 101 by cursor", `${list}&order=unread&cursor=${deep}`],
  ];
  for (const [name, path] of endpoints) {
    for (const connections of [1, 10]) {
      const row = await measure(name, server.baseUrl + path, { connections, seconds, warmupSeconds: 1, headers: { cookie } });
      assertClean(row);
      console.log(`${name} @${connections}: ${row.requestsPerSec} req/s p50 ${row.p50} ms p99 ${row.p99} ms`);
      rows.push(row);
    }
  }
} finally {
  await server.stop();
  if (process.env.KEEP_BENCH_DB !== "1") {
    const client = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
    await client.connect();
    await client.query(`drop database if exists "${databaseName}" with (force)`);
    await client.end();
  }
}

const table = markdownTable(rows);
const heading =
  `# Admin inbox: the conversation list at 10,000 conversations\n\n${new Date().toISOString()}, PostgreSQL, ${seconds} s per cell after 1 s of warm-up, ` +
  `this machine (2 cores, load average ${loadAtStart} at the start).\nData: ${COMPANIES.toLocaleString("en")} conversations of ${MESSAGES_EACH} messages, ` +
  `a fifth of them with unread customer messages. Each request: 30 conversations with their last message, as the inbox asks.\n\n`;
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/admin-inbox.md", `${heading}${table}\n`);
console.log(`\n${table}`);
