/**
 * The admin's audit page at 1,000,000 entries (issue 18, ADR 027): p50 and p99 of one page.
 *
 *   npx tsx bench/audit-page.ts
 *   (BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench_audit by default; the
 *   database is created when missing, migrated by the server, and filled once)
 *
 * The production server in a child process, on loopback, one request at a time (the page's own
 * cost, not a load test), BENCH_REQUESTS (default 200) per case: the first page, a page 500,000
 * rows deep by cursor, and filtered pages (a rare actor email, a company and kind together).
 * Writes bench/results/audit-page.md and .json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import pg from "pg";
import { encodeKeysetCursor } from "../src/server/modules/keyset-cursor";
import { signIn, startBenchServer } from "./lib/server";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/portico_bench_audit";
const databaseName = new URL(databaseUrl).pathname.slice(1);
if (!databaseName || databaseName === "test") {
  console.error("BENCH_DATABASE_URL must name a database of its own (never the test suite's `test`).");
  process.exit(2);
}
const ROWS = 1_000_000;
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const ADMIN = { email: "bench-admin@audit.portico.test", password: "ledger-lantern-harbor-53" };

// The database, once.
const server = new URL(databaseUrl);
server.pathname = "/postgres";
const admin = new pg.Client({ connectionString: server.href });
await admin.connect();
const exists = await admin.query("select 1 from pg_database where datname = $1", [databaseName]);
if (exists.rowCount === 0) await admin.query(`create database "${databaseName.replaceAll('"', '""')}"`);
await admin.end();

const app = await startBenchServer({ DATABASE_URL: databaseUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUDIT_RETENTION_DAYS: "3650" });
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
try {
  const { rows: counted } = await db.query<{ n: string }>("select count(*) as n from audit_events");
  if (Number(counted[0]!.n) < ROWS) {
    const started = performance.now();
    // A year of entries, one every 30 s: 5,000 actors, 199 companies, the kinds in turn (moduli
    // prime to each other, so a company and a kind together select about 1 in 4,000 rows).
    await db.query(`
      insert into audit_events (at, kind, actor_id, actor_email, company_id, target_type, target_id, target_label, ip, user_agent, details)
      select now() - i * interval '30 seconds',
             (array['auth.sign_in','auth.sign_in_failed','auth.sign_out','auth.password_reset_requested','auth.password_reset_completed',
                    'auth.password_changed','auth.email_changed','auth.two_factor_enabled','auth.two_factor_disabled','user.role_granted',
                    'user.role_revoked','user.deactivated','user.reactivated','invitation.sent','invitation.accepted','invitation.revoked',
                    'member.removed','invoice.pdf_downloaded','data.exported'])[1 + i % 19],
             md5('actor' || i % 5000)::uuid, 'bench-user' || i % 5000 || '@example.test',
             md5('company' || i % 199)::uuid, 'user', md5('target' || i)::uuid::text, 'target' || i || '@example.test',
             '10.0.' || (i % 250) || '.' || (i % 199), 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36', '{}'
      from generate_series(1, ${ROWS}) as i`);
    await db.query("analyze audit_events");
    console.log(`inserted ${ROWS} entries in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  const { rows: deep } = await db.query<{ micros: string; id: string }>(
    "select (extract(epoch from at) * 1000000)::bigint::text as micros, id::text from audit_events order by at desc, id desc offset 500000 limit 1",
  );
  const deepCursor = encodeKeysetCursor({ atMicros: BigInt(deep[0]!.micros), id: BigInt(deep[0]!.id) });
  const { rows: company } = await db.query<{ id: string }>("select md5('company' || 42)::uuid::text as id");

  const cookie = await signIn(app.baseUrl, ADMIN.email, ADMIN.password);
  const cases: Array<[string, string]> = [
    ["first page", "/api/audit"],
    ["500,000 rows deep (cursor)", `/api/audit?cursor=${deepCursor}`],
    ["actor email contains (200 matches)", "/api/audit?actor=bench-user4242%40"],
    ["company + kind (~250 matches)", `/api/audit?companyId=${company[0]!.id}&kind=auth.sign_in`],
    ["kind, first page", "/api/audit?kind=data.exported"],
    ["one day (2,880 rows)", `/api/audit?from=${dayAgo(30)}&to=${dayAgo(30)}`],
  ];
  const results: Array<{ name: string; path: string; p50: number; p99: number; rows: number }> = [];
  for (const [name, path] of cases) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < requests + 5; i += 1) {
      const started = performance.now();
      const response = await fetch(`${app.baseUrl}${path}`, { headers: { cookie, origin: app.baseUrl } });
      const body = (await response.json()) as { items: unknown[] };
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      // The first few warm the prepared plans and the cache; they are not counted.
      if (i >= 5) times.push(performance.now() - started);
      rows = body.items.length;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
    results.push({ name, path, p50: at(0.5), p99: at(0.99), rows });
    console.log(`${name}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (${rows} rows)`);
  }
  const table = ["| Case | Rows on the page | p50 (ms) | p99 (ms) |", "|---|---:|---:|---:|", ...results.map((r) => `| ${r.name} | ${r.rows} | ${r.p50} | ${r.p99} |`)].join("\n");
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    "bench/results/audit-page.md",
    `# The audit page at ${ROWS.toLocaleString("en")} entries\n\n${new Date().toISOString()}, PostgreSQL, the production server, one request at a time, ${requests} per case, this machine (2 cores, shared).\n\n${table}\n`,
  );
  writeFileSync("bench/results/audit-page.json", JSON.stringify(results, null, 2));
} finally {
  await db.end();
  await app.stop();
}

function dayAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}
