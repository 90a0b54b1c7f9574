/**
 * `npm run seed:large`: the scale data set of the admin issue — 10,000 companies, 20,000
 * customers, 100,000 projects, 1,000,000 tickets, plus invoices (three in four with a payment), messages and comments — generated
 * inside the database with generate_series (one INSERT … SELECT per table, no row-by-row traffic).
 * Ids are derived from the row number, so running it again adds nothing (ON CONFLICT DO NOTHING).
 *
 * Every seeded customer signs in with password SEED_PASSWORD: customer{N}@seed.portico.test.
 * Admin: admin@seed.portico.test. Meant for PostgreSQL (DATABASE_URL); works on PGlite, slowly.
 *
 * One more company has a long history: "Seed Long History Ltd", whose one customer
 * history@seed.portico.test has LONG_HISTORY_TICKETS tickets (10,000 at any SEED_SCALE) spread
 * over the three statuses; the ticket board benchmark (bench/ticket-board.ts) signs in as them.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { loadEnv } from "../src/server/env";
import { passwordHasher } from "../src/server/password";

export const SEED_PASSWORD = "seed-password-1";
const scale = Number(process.env.SEED_SCALE ?? 1); // 0.01 for a quick try
const n = (count: number) => Math.max(1, Math.round(count * scale));
const COMPANIES = n(10_000);
const PROJECTS = n(100_000);
const TICKETS = n(1_000_000);
const INVOICES = n(100_000);
const MESSAGES = n(200_000);
const COMMENTS = n(200_000);
const LONG_HISTORY_TICKETS = Number(process.env.SEED_LONG_HISTORY_TICKETS ?? 10_000);
const LONG_HISTORY_EMAIL = "history@seed.portico.test";

// uuid from a namespace letter and a row number: stable across runs.
const id = (ns: string, expr: string) => `('${ns}0000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;

async function main() {
  const env = loadEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
  const { db } = database;
  const started = Date.now();
  const step = async (label: string, query: string) => {
    const t = Date.now();
    await db.execute(sql.raw(query));
    console.log(`${label.padEnd(18)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  const hash = await passwordHasher("owasp")(SEED_PASSWORD);

  await step("companies", `INSERT INTO companies (id, name, contact_name, contact_email, phone, address, created_at)
    SELECT ${id("c", "g")}, 'Seed Company ' || lpad(g::text, 5, '0'), 'Contact ' || g, 'contact' || g || '@seed.portico.test',
      '+1 555 ' || lpad((g % 10000)::text, 4, '0'), g || ' Market Street', now() - (g || ' minutes')::interval
    FROM generate_series(1, ${COMPANIES}) g ON CONFLICT DO NOTHING`);
  await step("customers", `INSERT INTO profiles (id, full_name, email, email_verified, created_at, updated_at)
    SELECT ${id("a", "g")}, 'Seed Customer ' || g, 'customer' || g || '@seed.portico.test', true, now(), now()
    FROM generate_series(1, ${COMPANIES * 2}) g
    UNION ALL SELECT ${id("a", "0")}, 'Seed Admin', 'admin@seed.portico.test', true, now(), now()
    ON CONFLICT DO NOTHING`);
  await step("accounts", `INSERT INTO accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
    SELECT ${id("b", "g")}, ${id("a", "g")}::text, 'credential', ${id("a", "g")}, '${hash}', now(), now()
    FROM generate_series(0, ${COMPANIES * 2}) g ON CONFLICT DO NOTHING`);
  await step("admin role", `INSERT INTO user_roles (user_id, role) VALUES (${id("a", "0")}, 'admin') ON CONFLICT DO NOTHING`);
  await step("memberships", `INSERT INTO company_users (user_id, company_id)
    SELECT ${id("a", "g")}, ${id("c", `((g - 1) % ${COMPANIES}) + 1`)} FROM generate_series(1, ${COMPANIES * 2}) g
    ON CONFLICT DO NOTHING`);
  await step("projects", `INSERT INTO projects (id, slug, company_id, name, description, status, start_date, created_at)
    SELECT ${id("d", "g")}, 'seed-project-' || g, ${id("c", `((g - 1) % ${COMPANIES}) + 1`)}, 'Seed Project ' || g,
      'Generated project ' || g, (ARRAY['active','on_hold','completed'])[1 + g % 3]::project_status,
      (date '2024-01-01' + (g % 700)), now() - (g || ' seconds')::interval
    FROM generate_series(1, ${PROJECTS}) g ON CONFLICT DO NOTHING`);
  await step("tickets", `INSERT INTO tickets (id, project_id, company_id, title, description, status, priority, created_by, created_at)
    SELECT ${id("e", "g")}, ${id("d", `((g - 1) % ${PROJECTS}) + 1`)}, ${id("c", `((((g - 1) % ${PROJECTS}) + 1 - 1) % ${COMPANIES}) + 1`)},
      'Seed Ticket ' || g, 'Generated ticket ' || g, (ARRAY['pending','doing','done'])[1 + g % 3]::ticket_status,
      (ARRAY['low','medium','high','urgent'])[1 + g % 4]::ticket_priority, ${id("a", `((g - 1) % ${COMPANIES}) + 1`)},
      now() - (g || ' seconds')::interval
    FROM generate_series(1, ${TICKETS}) g ON CONFLICT DO NOTHING`);
  await step("ticket comments", `INSERT INTO ticket_comments (id, ticket_id, user_id, content, created_at)
    SELECT ${id("f", "g")}, ${id("e", "g")}, NULL, 'Seed comment ' || g, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${COMMENTS}) g ON CONFLICT DO NOTHING`);
  await step("invoices", `INSERT INTO invoices (id, company_id, invoice_number, amount, subtotal, tax, issue_date, due_date, status, created_at, issued_at)
    SELECT ${id("9", "g")}, ${id("c", `((g - 1) % ${COMPANIES}) + 1`)}, 'SEED-' || lpad(g::text, 7, '0'),
      ((g * 37) % 100000) / 100.0 + 10, ((g * 37) % 100000) / 100.0 + 10, 0, date '2024-01-01' + (g % 700), date '2024-01-31' + (g % 700),
      (ARRAY['unpaid','paid'])[1 + g % 2]::invoice_status, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${INVOICES}) g ON CONFLICT DO NOTHING`);
  // Payments (issue 41): each paid invoice paid in full by bank transfer, and every fourth unpaid one
  // half paid, so the invoice list and detail read amounts paid and a detail's payments.
  await step("payments", `INSERT INTO payments (id, invoice_id, company_id, amount, currency, method, reference, paid_on, recorded_by, created_at)
    SELECT ${id("5", "i.g")}, ${id("9", "i.g")}, ${id("c", `((i.g - 1) % ${COMPANIES}) + 1`)},
      CASE WHEN i.g % 2 = 1 THEN inv.amount ELSE round(inv.amount / 2, 2) END, '${env.CURRENCY}', 'bank_transfer', 'SEED-TRANSFER-' || i.g,
      inv.issue_date + 10, ${id("a", "0")}, inv.created_at + interval '10 days'
    FROM generate_series(1, ${INVOICES}) i(g) JOIN invoices inv ON inv.id = ${id("9", "i.g")}
    WHERE i.g % 2 = 1 OR i.g % 4 = 0 ON CONFLICT DO NOTHING`);
  await step("amounts paid", `UPDATE invoices SET amount_paid = p.amount FROM payments p
    WHERE p.invoice_id = invoices.id AND p.reference LIKE 'SEED-TRANSFER-%' AND invoices.amount_paid = 0`);
  await step("messages", `INSERT INTO messages (id, company_id, sender_id, content, is_read, created_at)
    SELECT ${id("8", "g")}, ${id("c", `((g - 1) % ${COMPANIES}) + 1`)}, ${id("a", `((g - 1) % ${COMPANIES}) + 1`)},
      'Seed message ' || g, g % 5 <> 0, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${MESSAGES}) g ON CONFLICT DO NOTHING`);
  // The long-history company's rows use namespaces 7 (company, customer, account, project) and 6
  // (tickets), which the generated rows above never do.
  const history = (k: number) => `'70000000-0000-4000-8000-${String(k).padStart(12, "0")}'::uuid`;
  await step("long history", `INSERT INTO companies (id, name, contact_name, created_at)
    VALUES (${history(1)}, 'Seed Long History Ltd', 'Hana History', now() - interval '10 years') ON CONFLICT DO NOTHING`);
  await step("long history", `INSERT INTO profiles (id, full_name, email, email_verified, created_at, updated_at)
    VALUES (${history(2)}, 'Hana History', '${LONG_HISTORY_EMAIL}', true, now(), now()) ON CONFLICT DO NOTHING`);
  await step("long history", `INSERT INTO accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
    VALUES (${history(3)}, ${history(2)}::text, 'credential', ${history(2)}, '${hash}', now(), now()) ON CONFLICT DO NOTHING`);
  await step("long history", `INSERT INTO company_users (user_id, company_id) VALUES (${history(2)}, ${history(1)}) ON CONFLICT DO NOTHING`);
  await step("long history", `INSERT INTO projects (id, slug, company_id, name, status, created_at)
    VALUES (${history(4)}, 'seed-long-history', ${history(1)}, 'Seed Long History', 'active', now() - interval '10 years') ON CONFLICT DO NOTHING`);
  await step("long history", `INSERT INTO tickets (id, project_id, company_id, title, status, priority, created_by, created_at)
    SELECT ${id("6", "g")}, ${history(4)}, ${history(1)}, 'History Ticket ' || g, (ARRAY['pending','doing','done'])[1 + g % 3]::ticket_status,
      (ARRAY['low','medium','high','urgent'])[1 + g % 4]::ticket_priority, ${history(2)}, now() - (g || ' minutes')::interval
    FROM generate_series(1, ${LONG_HISTORY_TICKETS}) g ON CONFLICT DO NOTHING`);
  await step("analyze", "ANALYZE");
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s. Sign in as customer1@seed.portico.test or admin@seed.portico.test with "${SEED_PASSWORD}".`);
  await database.close();
}

await main();
