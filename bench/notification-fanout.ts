/**
 * Notifications at scale (issue 17, ADR 029): an event that notifies 1,000 members of one company,
 * and one that notifies 10,000 recipients across 10 companies. For each, the write's latency (the
 * transaction that writes the notifications with their preferences) and the time until the last
 * recipient can read theirs (a second connection counts them as they become visible), compared in
 * the same run, pair by pair, with a plain INSERT … SELECT of the same rows.
 *
 *   npx tsx bench/notification-fanout.ts
 *   (BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench_notify by default; the
 *   database is created when missing and migrated; BENCH_PAIRS, default 7)
 *
 * Writes bench/results/notification-fanout.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../src/server/db/client";
import { notify } from "../src/server/modules/notifications/notify";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/portico_bench_notify";
const databaseName = new URL(databaseUrl).pathname.slice(1);
if (!databaseName || databaseName === "test") {
  console.error("BENCH_DATABASE_URL must name a database of its own (never the test suite's `test`).");
  process.exit(2);
}
const PAIRS = Number(process.env.BENCH_PAIRS ?? 7);

const server = new URL(databaseUrl);
server.pathname = "/postgres";
const admin = new pg.Client({ connectionString: server.href });
await admin.connect();
if ((await admin.query("select 1 from pg_database where datname = $1", [databaseName])).rowCount === 0) await admin.query(`create database "${databaseName}"`);
await admin.end();

const database = await openDatabase({ url: databaseUrl, dataDir: "", poolSize: 4 });
const { db } = database;
const reader = new pg.Client({ connectionString: databaseUrl });
await reader.connect();

// 11 companies of 1,000 members each, made once: "big" and ten more for the 10,000 across companies.
const companyIds: string[] = [];
for (let c = 0; c < 11; c++) {
  const name = `Fan-out ${c}`;
  const found = await reader.query<{ id: string }>("select id from companies where name = $1", [name]);
  if (found.rows[0]) {
    companyIds.push(found.rows[0].id);
    continue;
  }
  const made = await reader.query<{ id: string }>("insert into companies (name) values ($1) returning id", [name]);
  const id = made.rows[0]!.id;
  await reader.query(
    `with people as (insert into profiles (full_name, email) select 'Member ' || g, 'member' || g || '-${c}@fanout.test' from generate_series(1, 1000) g returning id)
     insert into company_users (user_id, company_id) select id, $1 from people`,
    [id],
  );
  companyIds.push(id);
}
const [big, ...others] = companyIds as [string, ...string[]];
await reader.query("analyze");

interface Case {
  name: string;
  recipients: number;
  companyId: string;
  audience: () => Parameters<typeof notify>[2];
  plain: (marker: string) => ReturnType<typeof sql>;
}
const across = sql`select user_id as id from company_users where company_id in (${sql.join(others.map((id) => sql`${id}::uuid`), sql`, `)})`;
const cases: Case[] = [
  {
    name: "1,000 members of one company",
    recipients: 1000,
    companyId: big,
    audience: () => ({ members: true }),
    plain: (marker) => sql`insert into notifications (recipient_id, company_id, kind, actor_name, excerpt, mail)
      select user_id, ${big}, 'message', 'Bench', ${marker}, 'immediate' from company_users where company_id = ${big}`,
  },
  {
    name: "10,000 recipients across 10 companies",
    recipients: 10_000,
    companyId: others[0]!,
    audience: () => ({ users: across }),
    plain: (marker) => sql`insert into notifications (recipient_id, company_id, kind, actor_name, excerpt, mail)
      select r.id, ${others[0]!}, 'message', 'Bench', ${marker}, 'immediate' from (${across}) r`,
  },
];

/** From the start of the write until the reader counts every row of this run (`marker` tells them apart). */
async function visibleAfter(start: number, marker: string, expected: number): Promise<number> {
  for (;;) {
    const { rows } = await reader.query<{ n: string }>("select count(*) as n from notifications where excerpt = $1", [marker]);
    if (Number(rows[0]!.n) >= expected) return performance.now() - start;
  }
}

async function ours(test: Case, marker: string): Promise<{ write: number; visible: number }> {
  const start = performance.now();
  const seen = visibleAfter(start, marker, test.recipients);
  await db.transaction((tx) => notify(tx, { kind: "message", companyId: test.companyId, actor: { userId: null, name: "Bench" }, excerpt: marker }, test.audience()));
  const write = performance.now() - start;
  return { write, visible: await seen };
}

async function plain(test: Case, marker: string): Promise<{ write: number; visible: number }> {
  const start = performance.now();
  const seen = visibleAfter(start, marker, test.recipients);
  await db.transaction((tx) => tx.execute(test.plain(marker)));
  const write = performance.now() - start;
  return { write, visible: await seen };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const ms = (value: number) => value.toFixed(1);
const lines = [
  "# Notification fan-out",
  "",
  `\`npx tsx bench/notification-fanout.ts\`, PostgreSQL 15 on loopback, ${PAIRS} pairs per case (ours, then the plain INSERT), load average ${loadavg()[0]!.toFixed(1)} at the start, ${new Date().toISOString().slice(0, 10)}.`,
  "",
  "| case | ours: write p50 | plain: write p50 | ratio (median of pairs, min–max) | ours: last visible p50 | plain: last visible p50 |",
  "|---|---|---|---|---|---|",
];
for (const test of cases) {
  const pairs: { ours: { write: number; visible: number }; plain: { write: number; visible: number } }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const a = await ours(test, `ours-${i}-${Date.now()}`);
    const b = await plain(test, `plain-${i}-${Date.now()}`);
    pairs.push({ ours: a, plain: b });
    await reader.query("delete from notifications where actor_name = 'Bench'");
  }
  const ratios = pairs.map((pair) => pair.ours.write / pair.plain.write);
  lines.push(
    `| ${test.name} | ${ms(median(pairs.map((p) => p.ours.write)))} ms | ${ms(median(pairs.map((p) => p.plain.write)))} ms | ` +
      `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ` +
      `${ms(median(pairs.map((p) => p.ours.visible)))} ms | ${ms(median(pairs.map((p) => p.plain.visible)))} ms |`,
  );
  console.log(lines.at(-1));
}
lines.push(
  "",
  "\"Ours\" is `notify()` as the services call it: one INSERT … SELECT of the audience, minus the actor, joined with each recipient's",
  "preference for the kind. \"Plain\" inserts the same rows with fixed values and no preference lookup. Both commit before anyone can read a row: the last recipient sees theirs when the transaction commits,",
  "so \"last visible\" is the write plus the reader's next poll.",
);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/notification-fanout.md", `${lines.join("\n")}\n`);
await reader.end();
await database.close();
