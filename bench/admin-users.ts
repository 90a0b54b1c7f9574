/**
 * The admin Users list at 100,000 accounts (ADR 020).
 *   DATABASE_URL=postgres://…/portico_bench npm run seed:large
 *   DATABASE_URL=postgres://…/portico_bench npx tsx bench/admin-users.ts
 * Tops the seeded 20,001 accounts up to USERS (default 100,000) with accounts of its own
 * (users{N}@bench.portico.test, no password: they never sign in; running it again adds nothing),
 * starts the production server, signs in as the seeded admin and measures the list's pages
 * (first, searched by name and by address, deep, oldest first) at 1 and 50 connections.
 * Writes bench/results/admin-users.md and .json. Loopback only; bounded by BENCH_SECONDS.
 */
import { count, sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { profiles } from "../src/server/db/schema";
import { measureAdminEndpoints } from "./lib/admin-endpoints";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to the PostgreSQL database seeded with `npm run seed:large`.");
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const users = Number(process.env.USERS ?? 100_000);

const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
try {
  const [row] = await database.db.select({ n: count() }).from(profiles);
  const missing = Math.max(0, users - (row?.n ?? 0));
  // Ids from a namespace letter and the row number, as seed-large.ts makes them: stable across runs.
  await database.db.execute(sql`
    insert into profiles (id, full_name, email, email_verified, created_at, updated_at)
    select ('e0000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'Bench User ' || g, 'users' || g || '@bench.portico.test', true,
      now() - make_interval(secs => g), now()
    from generate_series(1, ${missing}::int) g
    on conflict do nothing`);
  console.log(`accounts: ${(row?.n ?? 0) + missing}`);
} finally {
  await database.close();
}

const endpoints: Array<[string, string]> = [
  ["users", "/api/users?page=1"],
  ["users search name", "/api/users?q=bench%20user%204242"],
  ["users search address", "/api/users?q=customer1234%40seed"],
  ["users page 150", "/api/users?page=150"],
  ["users oldest first", "/api/users?sort=asc"],
];

await measureAdminEndpoints({
  databaseUrl,
  endpoints,
  seconds,
  name: "admin-users",
  heading: (table) => `# Admin Users list at ${users.toLocaleString("en")} accounts\n\n${new Date().toISOString()}, PostgreSQL, ${seconds} s per cell, this machine (2 cores).\nTarget: every list page under 100 ms.\n\n${table}\n`,
});
