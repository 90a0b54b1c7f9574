/**
 * Admin list endpoints on the large data set (issue: admin dashboard, Scale).
 *   DATABASE_URL=postgres://…/portico_bench npm run seed:large
 *   DATABASE_URL=postgres://…/portico_bench npx tsx bench/admin-lists.ts
 * Starts the production server against DATABASE_URL, signs in as the seeded admin and measures
 * each list page (default, searched, deep page, oldest first) at 1 and 50 connections.
 * Writes bench/results/admin-lists.md and .json. Loopback only; bounded by BENCH_SECONDS.
 */
import { measureAdminEndpoints } from "./lib/admin-endpoints";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to the PostgreSQL database seeded with `npm run seed:large`.");
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

const endpoints: Array<[string, string]> = [
  ["customers", "/api/companies?page=1"],
  ["customers search", "/api/companies?q=seed%20company%2000042"],
  ["customers page 150", "/api/companies?page=150"],
  ["projects", "/api/projects?page=1"],
  ["projects search", "/api/projects?q=seed%20project%2099"],
  ["projects oldest first", "/api/projects?sort=asc"],
  ["tickets", "/api/tickets?page=1"],
  ["tickets search", "/api/tickets?q=seed%20ticket%20123"],
  ["tickets page 1000", "/api/tickets?page=1000"],
  ["invoices", "/api/invoices?page=1"],
  ["invoices search", "/api/invoices?q=SEED-00001"],
  ["conversations", "/api/messages/conversations?page=1"],
];

await measureAdminEndpoints({
  databaseUrl,
  endpoints,
  seconds,
  name: "admin-lists",
  heading: (table) => `# Admin list endpoints on the large data set\n\n${new Date().toISOString()}, PostgreSQL, ${seconds} s per cell, this machine (2 cores).\nData: 10,000 companies, 100,000 projects, 1,000,000 tickets, 100,000 invoices, 200,000 messages.\nTarget: every list page under 100 ms.\n\n${table}\n`,
});
