/**
 * The command palette's search (`GET /api/search?q=`, ADR 046) at 1,000,000 tickets: p50, p95
 * and p99 of one search, by kind of query and by actor. Target: ≤ 50 ms p95.
 *
 *   npx tsx bench/search.ts
 *   (BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_search_bench by default; the
 *   database is created when missing, migrated by the server, and filled once: ~1.5 min here)
 *
 * Data, made inside the database with generate_series: 2,000 companies with a customer each,
 * 20,000 projects, 1,000,000 tickets over three years and 30,000 invoices. Ticket titles are 3 to
 * 8 words drawn from a ranked vocabulary of support words (function words first) with Zipf
 * frequencies (rank k with probability ln((k+1)/k) / ln(n+1)), and one title in 67 ends with one
 * of ~150 rare words (product and protocol names, ~100 titles each). Companies' sizes have a long
 * tail (the largest ~48,000 tickets, the median ~300). Then VACUUM (ANALYZE), as autovacuum
 * leaves the tables in time (which also empties the GIN indexes' pending lists).
 *
 * The production server in a child process, on loopback, one request at a time, as the admin, the
 * customer of the largest company and the customer of the median one. Every query is asked
 * WARMUP times first (not counted); then BENCH_REQUESTS (default 300) per kind and actor, taking
 * turns request by request so that a burst of other work on the machine hits all of them alike.
 * Afterwards every query's statements are read off the wire with the values they were bound to (a
 * second server behind a recording proxy) and run again under EXPLAIN (ANALYZE, BUFFERS); the
 * title search's statements also with only the last word as a prefix, and on a copy of the tickets
 * with the words in a stored column (kept in the database as search_trial_tickets for the next run).
 * Writes bench/results/search.md and .json.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import pg from "pg";
import { prefixQuery } from "../src/server/db/full-text";
import { passwordHasher } from "../src/server/password";
import { median } from "./lib/median";
import { startPgCounter } from "./lib/pg-counter";
import { signIn, startBenchServer } from "./lib/server";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/portico_search_bench";
const databaseName = new URL(databaseUrl).pathname.slice(1);
if (!databaseName || ["test", "postgres", "portico_me", "portico_helper"].includes(databaseName)) {
  console.error("BENCH_DATABASE_URL must name a database of its own (never `test` or another session's).");
  process.exit(2);
}
const requests = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = 5;
const TARGET_P95_MS = 50;
const COMPANIES = 2_000;
const PROJECTS = 20_000;
const TICKETS = 1_000_000;
const INVOICES = 30_000;
/** One title in RARE_EVERY ends with a rare word. */
const RARE_EVERY = 67;
const ADMIN = { email: "admin@search.bench.test", password: "palette-lantern-harbor-71" };
const CUSTOMER_PASSWORD = "palette-customer-password-1";

/*
 * Words of support ticket titles, most common first: the rank decides the frequency (Zipf).
 * The 'simple' configuration keeps function words, so they lead, as they do in real titles.
 */
const COMMON_WORDS = `
the on not in to after for with is when and of a from no can does at error login invoice page user
button report email fails working export update payment customer account data missing wrong shown cannot
order file upload password reset dashboard mobile app search slow list loading timeout settings access
permission api sync notification message date price total display broken issue request change add remove
delete create open close support help admin team project ticket status crash import pdf csv excel download
print link image logo text field form filter sort table column row chart calendar time zone language german
english translation currency tax discount shipping address phone contact profile avatar role group member
invite signup session expired token key webhook integration server database backup restore migration version
release deploy build test staging production environment config domain dns ssl certificate browser chrome
firefox safari edge android ios iphone ipad tablet desktop windows mac linux screen menu sidebar header
footer modal dialog popup tooltip icon font color theme dark mode layout responsive scroll click drag drop
keyboard shortcut mouse touch zoom resize width height margin spacing alignment label placeholder validation
required optional default value empty null duplicate unique invalid format number amount balance credit card
bank transfer refund subscription plan upgrade downgrade trial license seat quota limit usage storage
bandwidth cache memory cpu disk queue job worker cron schedule reminder alert warning log logs audit history
activity event trigger rule workflow approval review comment note attachment document folder share sharing
public private visible hidden archive archived draft publish published pending done doing assigned unassigned
priority urgent high low medium deadline due overdue week month year today yesterday morning night weekend
holiday office remote vpn network wifi connection offline online retry redirect loop blank white black red
green blue grey spinner progress bar percent counter badge tag category product item stock inventory
warehouse supplier vendor partner reseller contract quote offer proposal estimate budget cost expense receipt
statement ledger accounting erp crm shop cart checkout coupon voucher gift loyalty points newsletter campaign
marketing analytics tracking cookie consent privacy terms legal compliance security vulnerability spam
phishing blocked locked unlock disabled enabled toggle switch checkbox radio dropdown select option choice
multiple single bulk batch mass all none some every first last next previous back forward home start end
stop pause resume cancel confirm save saved submit send sent receive received reply again twice still
never always sometimes randomly suddenly since old correctly properly please
`
  .split(/\s+/)
  .filter(Boolean);

/** Names that few titles carry (~100 each): products, protocols, vendors. */
const RARE_WORDS = `
kerberos ldap saml okta zapier xero quickbooks shopify magento woocommerce hubspot salesforce jira confluence
slack zendesk twilio stripe paypal klarna sepa iban swift ebics xrechnung zugferd peppol edifact xml json yaml
graphql grpc websocket oauth openid jwt cors hsts ipv6 nginx apache tomcat redis kafka rabbitmq elasticsearch
postgres mysql mariadb oracle mongodb sqlite docker kubernetes helm terraform ansible jenkins gitlab github
bitbucket sentry grafana prometheus datadog cloudflare akamai fastly aws azure gcp hetzner ionos strato outlook
thunderbird gmail imap smtp dkim dmarc unicode emoji umlaut cyrillic arabic hebrew rtl japanese chinese korean
leap dst utc epoch rounding decimal semicolon apostrophe ampersand hyphen whitespace newline barcode qrcode nfc
bluetooth printer scanner thermal zebra epson lexmark ricoh kyocera fax dictation podcast webinar livestream
subtitles transcript braille screenreader aria contrast dyslexia kiosk terminal fiskaly elster gobd datev
lexoffice sevdesk billomat debitoor weclapp plentymarkets jtl shopware oxid gambio xentral pipedrive
`
  .split(/\s+/)
  .filter(Boolean);

const COMPANY_WORDS = `
north south east west alpine baltic coastal harbor summit river lake forest meadow silver golden iron copper
granite crystal maple cedar oak pine willow falcon eagle hawk raven lynx otter beaver bison atlas orion
nova polar solar lunar stellar vertex apex zenith prime pioneer frontier heritage liberty union central
metro urban rural valley highland lowland bright clear swift steady bold noble royal grand little
`
  .split(/\s+/)
  .filter(Boolean);
const COMPANY_TRADES = `
logistics freight consulting dental clinic bakery brewery architects engineering software systems media
print textiles furniture tools machines robotics energy solar foods organics pharma labs insurance finance
legal accounting travel tours hotels fitness studios motors garage electric plumbing roofing
`
  .split(/\s+/)
  .filter(Boolean);
const COMPANY_FORMS = ["GmbH", "Ltd", "AG", "Inc", "KG", "LLC", "& Co", "Group", "Partners", "SE"];
const PROJECT_AREAS = `
website shop portal intranet mobile app billing payroll crm erp warehouse reporting analytics marketing
newsletter support helpdesk onboarding hosting server network security backup migration redesign
`
  .split(/\s+/)
  .filter(Boolean);
const PROJECT_KINDS = ["relaunch", "maintenance", "retainer", "rollout", "upgrade", "integration", "audit", "phase 2", "support", "rebuild", "pilot", "hotfixes"];

for (const [index, word] of COMMON_WORDS.entries()) if (COMMON_WORDS.indexOf(word) !== index) throw new Error(`"${word}" is twice among the common words`);
for (const rare of RARE_WORDS) if (COMMON_WORDS.includes(rare)) throw new Error(`"${rare}" is both common and rare`);

/** The kinds of query measured, each a few queries asked in turn. */
const RARE_SAMPLE = [RARE_WORDS[10]!, RARE_WORDS[75]!, RARE_WORDS[140]!];
const KINDS: Array<{ kind: string; queries: string[] }> = [
  { kind: "prefix of 2–3 letters", queries: ["pa", "lo", "exp"] },
  { kind: "a common word", queries: ["error", "invoice", "login"] },
  { kind: "a rare word", queries: RARE_SAMPLE },
  { kind: "two words", queries: ["login error", "payment fails", "export pd", "password reset", "upload file", "page slow"] },
  { kind: "ticket number", queries: ["#123456", "#987654", "#500001"] },
  { kind: "invoice number fragment", queries: ["2025-004", "INV-2024-01", "0417"] },
  { kind: "no match", queries: ["zzyzx", "qwertzuiop", "xylograph"] },
];

// uuid from a namespace letter and a row number, as scripts/seed-large.ts makes them.
const id = (ns: string, expr: string) => `('${ns}0000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
const sqlArray = (words: string[]) => `ARRAY[${words.map((word) => `'${word.replaceAll("'", "''")}'`).join(",")}]::text[]`;
/** A word of `array` (a SQL text[] of `length`) with Zipf frequencies: rank k with probability ln((k+1)/k) / ln(n+1). */
const zipfPick = (array: string, length: number) => `(${array})[floor(exp(random() * ln(${length + 1})))::int]`;
const uniformPick = (array: string, length: number, expr = "random()") => `(${array})[1 + floor(${expr} * ${length})::int]`;

async function seed(db: pg.Client) {
  const step = async (label: string, query: string, values: unknown[] = []) => {
    const started = performance.now();
    await db.query(query, values);
    console.log(`  ${label.padEnd(12)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  console.log(`Seeding ${TICKETS.toLocaleString("en")} tickets (once)...`);
  const hash = await passwordHasher("owasp")(CUSTOMER_PASSWORD);
  const companyWords = sqlArray(COMPANY_WORDS);
  const trades = sqlArray(COMPANY_TRADES);
  const forms = sqlArray(COMPANY_FORMS);
  await db.query("BEGIN");
  await db.query("SELECT setseed(0.46)");
  await step("companies", `INSERT INTO companies (id, name, contact_name, contact_email, created_at)
    SELECT ${id("c", "g")}, initcap(${uniformPick(companyWords, COMPANY_WORDS.length)} || ' ' || ${uniformPick(trades, COMPANY_TRADES.length)}) || ' ' || ${uniformPick(forms, COMPANY_FORMS.length)},
      'Contact ' || g, 'contact' || g || '@search.bench.test', now() - interval '4 years' + (g || ' hours')::interval
    FROM generate_series(1, ${COMPANIES}) g`);
  await step("customers", `INSERT INTO profiles (id, full_name, email, email_verified, created_at, updated_at)
    SELECT ${id("a", "g")}, 'Customer ' || g, 'customer' || g || '@search.bench.test', true, now(), now() FROM generate_series(1, ${COMPANIES}) g`);
  await step("accounts", `INSERT INTO accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
    SELECT ${id("b", "g")}, ${id("a", "g")}::text, 'credential', ${id("a", "g")}, $1, now(), now() FROM generate_series(1, ${COMPANIES}) g`, [hash]);
  await step("memberships", `INSERT INTO company_users (user_id, company_id) SELECT ${id("a", "g")}, ${id("c", "g")} FROM generate_series(1, ${COMPANIES}) g`);
  // Company c has projects c, c + 2000, …, c + 18000; a name is an area, often a word of the titles' vocabulary, a kind, sometimes a year.
  const areas = sqlArray(PROJECT_AREAS);
  const kinds = sqlArray(PROJECT_KINDS);
  const topics = sqlArray(COMMON_WORDS.slice(COMMON_WORDS.indexOf("error")));
  await step("projects", `INSERT INTO projects (id, slug, company_id, name, status, created_at)
    SELECT ${id("d", "g")}, 'project-' || g, ${id("c", `((g - 1) % ${COMPANIES}) + 1`)},
      initcap(${uniformPick(areas, PROJECT_AREAS.length)}) || CASE WHEN g % 3 > 0 THEN ' ' || ${zipfPick(topics, COMMON_WORDS.length - COMMON_WORDS.indexOf("error"))} ELSE '' END
        || ' ' || ${uniformPick(kinds, PROJECT_KINDS.length)} || CASE WHEN g % 4 = 0 THEN ' ' || (2023 + g % 3) ELSE '' END,
      (ARRAY['active','on_hold','completed'])[1 + g % 3]::project_status, now() - interval '3 years' - (g || ' minutes')::interval
    FROM generate_series(1, ${PROJECTS}) g`);
  // Ticket g is number g, made (${TICKETS} - g) × 95 s ago: three years, the newest has the highest number.
  // Its company c: 1 + ⌊C·u^2.5⌋ (company k's share falls as k^-0.6: the largest ~5%, the median ~0.03%);
  // its project one of the company's ten, the first ones more often.
  const common = sqlArray(COMMON_WORDS);
  const rare = sqlArray(RARE_WORDS);
  await step("tickets", `INSERT INTO tickets (id, number, project_id, company_id, title, status, priority, created_by, created_at, updated_at, seen_by_team_at)
    SELECT ${id("e", "s.g")}, s.g, ${id("d", "s.p")}, ${id("c", "s.c")},
      upper(left(w.words, 1)) || substr(w.words, 2) || CASE WHEN s.g % ${RARE_EVERY} = 0 THEN ' ' || ${uniformPick(rare, RARE_WORDS.length)} ELSE '' END,
      CASE WHEN s.g > ${TICKETS} - 2000 THEN (ARRAY['pending','doing'])[1 + s.g % 2] ELSE 'done' END::ticket_status,
      (ARRAY['low','medium','high','urgent'])[1 + s.g % 4]::ticket_priority, ${id("a", "s.c")}, s.at, s.at, s.at
    FROM (SELECT g, c, c + ${COMPANIES} * least(${PROJECTS / COMPANIES - 1}, floor(${PROJECTS / COMPANIES} * power(random(), 2))::int) AS p,
            now() - ((${TICKETS} - g) * 95 || ' seconds')::interval AS at
          FROM (SELECT g, 1 + least(${COMPANIES - 1}, floor(${COMPANIES} * power(random(), 2.5))::int) AS c FROM generate_series(1, ${TICKETS}) g) s0) s
    CROSS JOIN LATERAL (SELECT string_agg(${zipfPick(common, COMMON_WORDS.length)}, ' ') AS words FROM generate_series(1, 3 + s.g % 6) j) w`);
  await step("numbers", `SELECT setval('tickets_number_seq', ${TICKETS + 1}, false)`);
  // INV-2023-00001 … INV-2025-10000, 10,000 a year; the newest 1% drafts, the rest issued, two in three paid.
  await step("invoices", `INSERT INTO invoices (id, company_id, invoice_number, amount, subtotal, tax, issue_date, due_date, status, created_at, issued_at)
    SELECT ${id("9", "g")}, ${id("c", `1 + (hashint4(g) & 2147483647) % ${COMPANIES}`)},
      'INV-' || (2023 + (g - 1) / 10000) || '-' || lpad((((g - 1) % 10000) + 1)::text, 5, '0'),
      100 + g % 900, 100 + g % 900, 0, date '2023-01-01' + (g - 1) * 1095 / ${INVOICES}, date '2023-01-31' + (g - 1) * 1095 / ${INVOICES},
      CASE WHEN g > ${INVOICES * 0.99} THEN 'draft' WHEN g % 3 = 0 THEN 'unpaid' ELSE 'paid' END::invoice_status,
      timestamp '2023-01-01' + ((g - 1) * 1095 / ${INVOICES} || ' days')::interval,
      CASE WHEN g > ${INVOICES * 0.99} THEN NULL ELSE timestamp '2023-01-01' + ((g - 1) * 1095 / ${INVOICES} || ' days')::interval END
    FROM generate_series(1, ${INVOICES}) g`);
  await db.query("COMMIT");
  // Also empties the GIN indexes' pending lists (fastupdate), as autovacuum does in time: the steady state.
  await step("vacuum", "VACUUM (ANALYZE)");
}

interface Actor {
  name: string;
  email: string;
  password: string;
  /** The company whose records a customer sees; undefined for the admin. */
  companyId?: string;
  tickets: number;
}

interface Found {
  tickets: unknown[];
  projects: unknown[];
  invoices: unknown[];
  companies: unknown[];
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { samples: sorted.length, p50: round1(percentile(sorted, 50)), p95: round1(percentile(sorted, 95)), p99: round1(percentile(sorted, 99)), max: round1(sorted.at(-1) ?? NaN) };
};

async function search(baseUrl: string, cookie: string, q: string): Promise<{ ms: number; found: Found }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
  const body = (await response.json()) as Found;
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`q=${q}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, found: body };
}

/**
 * Every query WARMUP times per actor (not counted), then `requests` per kind and actor, in turns:
 * each turn asks every actor every kind once (query i of a kind at its i-th turn), so a burst of
 * other work on the machine falls on all of them alike.
 */
async function measureAll(baseUrl: string, signedIn: Array<{ actor: Actor; cookie: string }>) {
  const cells = signedIn.map(({ actor, cookie }) => ({ actor, cookie, found: new Map<string, string>(), times: new Map<string, number[]>() }));
  for (const cell of cells) {
    for (const { queries } of KINDS) {
      for (const q of queries) {
        cell.times.set(q, []);
        for (let i = 0; i < WARMUP; i++) {
          const f = (await search(baseUrl, cell.cookie, q)).found;
          cell.found.set(q, `${f.tickets.length}/${f.projects.length}/${f.invoices.length}/${f.companies.length}`);
        }
      }
    }
  }
  for (let turn = 0; turn < requests; turn++) {
    for (const cell of cells) {
      for (const { queries } of KINDS) {
        const q = queries[turn % queries.length]!;
        cell.times.get(q)!.push((await search(baseUrl, cell.cookie, q)).ms);
      }
    }
    if ((turn + 1) % 50 === 0) console.log(`  ${turn + 1} of ${requests} turns`);
  }
  return cells.map(({ actor, found, times }) => ({
    actor,
    kinds: KINDS.map(({ kind, queries }) => ({
      kind,
      ...summary(queries.flatMap((q) => times.get(q)!)),
      queries: queries.map((q) => ({ q, found: found.get(q)!, ...summary(times.get(q)!) })),
    })),
    overall: summary([...times.values()].flat()),
  }));
}

/** What a statement of the search reads, from its table and shape (search.service.ts). */
function statementName(text: string): string {
  const table = /\bfrom "(\w+)"/.exec(text)?.[1] ?? "?";
  if (table === "tickets") {
    if (text.includes('"tickets"."number" =')) return "tickets by number";
    if (text.includes('"recent"')) return "titles: newest 2,000";
    if (/offset 0/i.test(text)) return "titles: words' index";
    return "tickets by title";
  }
  return { projects: "projects", invoices: "invoices", companies: "companies" }[table] ?? table;
}
const STATEMENTS = ["tickets by number", "titles: newest 2,000", "titles: words' index", "tickets by title", "projects", "invoices", "companies"];
const isTitles = (statement: string) => statement.startsWith("titles: ") || statement === "tickets by title";

async function explain(db: pg.Client, text: string, values: unknown[]): Promise<{ ms: number; plan: string }> {
  const { rows } = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
  const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
  return { ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]), plan };
}

const EXPLAIN_RUNS = 3;

/** The median of EXPLAIN_RUNS runs, with that run's plan. */
async function medianExplain(db: pg.Client, text: string, values: unknown[]) {
  const runs = [];
  for (let run = 0; run < EXPLAIN_RUNS; run++) runs.push(await explain(db, text, values));
  const ms = median(runs.map((run) => run.ms));
  return { ms, runsMs: runs.map((run) => run.ms), plan: runs.find((run) => run.ms === ms)!.plan };
}

interface Explained {
  actor: string;
  kind: string;
  q: string;
  statement: string;
  sql: string;
  values: Array<string | null>;
  runsMs: number[];
  /** Median execution time. */
  ms: number;
  plan: string;
}

/**
 * Every query's search statements as the server sends them, with the values it binds (read off
 * the wire in front of a second server), each run EXPLAIN_RUNS times under EXPLAIN (ANALYZE,
 * BUFFERS) on the benchmark's own connection.
 */
async function explainAll(db: pg.Client, signedIn: Array<{ actor: Actor; cookie: string }>): Promise<Explained[]> {
  const recorder = await startPgCounter(databaseUrl);
  const traced = await startBenchServer({ DATABASE_URL: recorder.url });
  const explained: Explained[] = [];
  try {
    for (const { actor, cookie } of signedIn) {
      for (const { kind, queries } of KINDS) {
        for (const q of queries) {
          recorder.takeBound();
          await search(traced.baseUrl, cookie, q);
          const statements = recorder.takeBound().filter(({ sql }) => /to_tsquery|ilike|"tickets"\."number" =/i.test(sql));
          for (const { sql, values } of statements) {
            explained.push({ actor: actor.name, kind, q, statement: statementName(sql), sql, values, ...(await medianExplain(db, sql, values)) });
          }
        }
      }
    }
  } finally {
    await traced.stop();
    await recorder.close();
  }
  return explained;
}

/*
 * Proposals for the title search, tried in SQL on its statements as sent (the newest 2,000 in
 * scope, then the words' index when those hold fewer than five): only the last word of a search
 * as a prefix, the one being typed; the words in a stored generated column, on a copy of the
 * tickets (same rows in the same order, GIN on the column and the two btree indexes these plans
 * walk); and both.
 */
const TRIAL = "search_trial_tickets";

async function ensureTrialTable(db: pg.Client) {
  const { rows } = await db.query<{ exists: boolean }>("select to_regclass($1) is not null as exists", [TRIAL]);
  if (rows[0]!.exists) return;
  const started = performance.now();
  await db.query(`CREATE TABLE ${TRIAL} (LIKE tickets INCLUDING DEFAULTS)`);
  await db.query(`ALTER TABLE ${TRIAL} ADD COLUMN title_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', title)) STORED`);
  await db.query(`INSERT INTO ${TRIAL} SELECT * FROM tickets ORDER BY number`);
  await db.query(`CREATE INDEX ON ${TRIAL} (created_at DESC NULLS FIRST, id)`);
  await db.query(`CREATE INDEX ON ${TRIAL} (company_id, created_at DESC NULLS FIRST)`);
  await db.query(`CREATE INDEX ON ${TRIAL} USING gin (title_words)`);
  await db.query(`VACUUM (ANALYZE) ${TRIAL}`);
  console.log(`  made ${TRIAL} in ${Math.round((performance.now() - started) / 1000)} s`);
}

/** "log:* & fail:*" → "log & fail:*": the words before the last match whole. */
const lastWordPrefix = (query: string) => query.replace(/:\*(?= & )/g, "");

/** A statement on the copy: the stored column read where the words were parsed from the title, and selected beside the title in a subquery. */
const onTrial = (text: string) =>
  text
    .replaceAll('"tickets"', `"${TRIAL}"`)
    .replace(/to_tsvector\('simple', ("\w+")\."title"\)/g, '$1."title_words"')
    .replace(/(\(\s*select [^)]*?"title"), /g, '$1, "title_words", ');

/** How a plan finds the rows, in a few words. */
function planShape(plan: string): string {
  if (plan.includes("Gather")) return "parallel walk";
  if (plan.includes("BitmapAnd")) return "GIN ∧ company";
  if (/Bitmap Index Scan on \S*words_idx/.test(plan)) return "GIN";
  if (/Bitmap Index Scan on \S*company\S*/.test(plan)) return "company bitmap";
  const walk = /Index Scan using (\S+) on \S*tickets/.exec(plan);
  if (walk) return walk[1]!.includes("company") ? "company walk" : "newest walk";
  return /Seq Scan on \S*tickets/.test(plan) ? "seq scan" : "?";
}

interface Compared {
  actor: string;
  kind: string;
  q: string;
  /** The title statements the search sent, and their plans. */
  statements: string;
  /** Sum of the title statements' median execution times, ms (NaN when the variant failed). */
  now: number;
  lastPrefix?: number;
  stored: number;
  storedLastPrefix?: number;
}

async function compareProposals(db: pg.Client, explained: Explained[]): Promise<Compared[]> {
  await ensureTrialTable(db);
  const total = async (rows: Explained[], rewrite: (row: Explained) => { sql: string; values: unknown[] }) => {
    let sum = 0;
    for (const row of rows) {
      const { sql, values } = rewrite(row);
      try {
        sum += (await medianExplain(db, sql, values)).ms;
      } catch (error) {
        console.log(`  ${row.q}: ${(error as Error).message}`);
        return NaN;
      }
    }
    return sum;
  };
  const compared: Compared[] = [];
  const searches = [...new Set(explained.filter((row) => isTitles(row.statement)).map((row) => `${row.actor}\n${row.q}`))];
  for (const key of searches) {
    const [actor, q] = key.split("\n") as [string, string];
    const rows = explained.filter((row) => row.actor === actor && row.q === q && isTitles(row.statement));
    const words = prefixQuery(q)!;
    const shorter = lastWordPrefix(words);
    const withWords = (values: Array<string | null>, query: string) => values.map((value) => (value === words ? query : value));
    compared.push({
      actor,
      kind: rows[0]!.kind,
      q,
      statements: rows.map((row) => `${row.statement.replace("titles: ", "")} (${planShape(row.plan)})`).join(" + "),
      now: rows.reduce((sum, row) => sum + row.ms, 0),
      ...(shorter === words ? {} : { lastPrefix: await total(rows, (row) => ({ sql: row.sql, values: withWords(row.values, shorter) })) }),
      stored: await total(rows, (row) => ({ sql: onTrial(row.sql), values: row.values })),
      ...(shorter === words ? {} : { storedLastPrefix: await total(rows, (row) => ({ sql: onTrial(row.sql), values: withWords(row.values, shorter) })) }),
    });
  }
  return compared;
}

type Measured = Awaited<ReturnType<typeof measureAll>>[number];
const fmt = (ms: number) => (Number.isNaN(ms) ? "failed" : ms >= 100 ? String(Math.round(ms)) : ms.toFixed(1));
/** "p50 / p95 / p99", the p95 in bold when it misses the target. */
const cell = (row: { p50: number; p95: number; p99: number }) => `${fmt(row.p50)} / ${row.p95 > TARGET_P95_MS ? `**${fmt(row.p95)}**` : fmt(row.p95)} / ${fmt(row.p99)}`;

function renderReport(input: {
  actors: Actor[];
  measured: Measured[];
  explained: Explained[];
  compared: Compared[];
  settings: Array<{ name: string; setting: string; unit: string | null }>;
  sizesOnDisk: Array<{ relation: string; size: string }>;
  loadAtStart: string;
  loadAfterHttp: string;
  loadAtEnd: string;
  build: string;
}): string {
  const { actors, measured, explained, compared } = input;
  const [, largest, middle] = actors;
  const lines: string[] = [];
  lines.push(
    `# Command palette search (\`GET /api/search\`) at ${TICKETS.toLocaleString("en")} tickets`,
    "",
    `${new Date().toISOString()}, PostgreSQL, the production server (${input.build}), one request at a time: ${requests} per kind of query and actor (in turns) after ${WARMUP} unrecorded requests per query. ` +
      `This machine (2 cores, shared; load average ${input.loadAtStart} at the start, ${input.loadAfterHttp} after the HTTP measurements, ${input.loadAtEnd} at the end). Reproduce: \`npx tsx bench/search.ts\`.`,
    `PostgreSQL settings: ${input.settings.map((row) => `${row.name} ${row.setting}${row.unit ? ` × ${row.unit}` : ""}`).join(", ")}. Sizes: ${input.sizesOnDisk.map((row) => `${row.relation} ${row.size}`).join(", ")}.`,
    "",
    `Data (\`bench/search.ts\` seeds it once): ${COMPANIES.toLocaleString("en")} companies with a customer each, ${PROJECTS.toLocaleString("en")} projects, ${TICKETS.toLocaleString("en")} tickets over three years, ` +
      `${INVOICES.toLocaleString("en")} invoices (INV-2023-00001 … INV-2025-10000, the newest 1% drafts). Titles: 3 to 8 words of a ranked vocabulary of ${COMMON_WORDS.length} support words ` +
      `with Zipf frequencies (function words first: "the" is in about half the titles, "error" in ~5%, the last word in ~0.2%), and one title in ${RARE_EVERY} ends with one of ${RARE_WORDS.length} rare words (~100 titles each).`,
    `Actors: the admin (all companies); the customer of the largest company (${largest!.tickets.toLocaleString("en")} tickets) and of the median one (${middle!.tickets.toLocaleString("en")} tickets), who see their company's records only.`,
    "",
    `Target: p95 ≤ ${TARGET_P95_MS} ms. Cells: p50 / p95 / p99 in ms over HTTP (sign-in excluded, session check included); a p95 over the target in bold.`,
    "",
    "## Latency by kind of query",
    "",
    `| kind (queries, asked in turn) | ${actors.map((actor) => actor.name).join(" | ")} |`,
    `|---|${actors.map(() => "---:").join("|")}|`,
  );
  for (const [index, { kind, queries }] of KINDS.entries()) {
    lines.push(`| ${kind} (${queries.map((q) => `\`${q}\``).join(", ")}) | ${measured.map((m) => cell(m.kinds[index]!)).join(" | ")} |`);
  }
  lines.push(`| **all kinds** | ${measured.map((m) => cell(m.overall)).join(" | ")} |`, "");

  lines.push("## By query", "", "p50 / p95 in ms, and what the search answered (tickets / projects / invoices / companies, at most 5 each).", "");
  lines.push(`| query | ${actors.map((actor) => actor.name).join(" | ")} |`, `|---|${actors.map(() => "---:").join("|")}|`);
  for (const [index, { queries }] of KINDS.entries()) {
    for (const [position, q] of queries.entries()) {
      const cells = measured.map((m) => {
        const row = m.kinds[index]!.queries[position]!;
        return `${fmt(row.p50)} / ${fmt(row.p95)} (${row.found})`;
      });
      lines.push(`| \`${q}\` | ${cells.join(" | ")} |`);
    }
  }
  lines.push("");

  const present = STATEMENTS.filter((statement) => explained.some((row) => row.statement === statement));
  lines.push(
    "## Where the time goes: each statement under EXPLAIN ANALYZE",
    "",
    `The statements each query sent, read off the wire with their values, run ${EXPLAIN_RUNS} times under \`EXPLAIN (ANALYZE, BUFFERS)\` (median execution time in ms; the kind's slowest query). ` +
      "The service sends one statement per kind at once (Promise.all over its pool; the title search's second one after its first), so a request waits for the slowest, and they share the 2 cores.",
    "",
    `| actor | kind | ${present.join(" | ")} |`,
    `|---|---|${present.map(() => "---:").join("|")}|`,
  );
  for (const actor of actors) {
    for (const { kind } of KINDS) {
      const cells = present.map((statement) => {
        const rows = explained.filter((row) => row.actor === actor.name && row.kind === kind && row.statement === statement);
        if (rows.length === 0) return "–";
        const worst = rows.reduce((a, b) => (b.ms > a.ms ? b : a));
        return `${fmt(worst.ms)} (\`${worst.q}\`)`;
      });
      lines.push(`| ${actor.name} | ${kind} | ${cells.join(" | ")} |`);
    }
  }
  lines.push("");

  lines.push("## Plans of the slowest kind", "");
  for (const m of measured) {
    const slowest = m.kinds.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    const rows = explained.filter((row) => row.actor === m.actor.name && row.kind === slowest.kind);
    const worst = rows.reduce((a, b) => (b.ms > a.ms ? b : a));
    lines.push(
      `### ${m.actor.name}: ${slowest.kind} (p95 ${fmt(slowest.p95)} ms); its slowest statement: ${worst.statement} for \`${worst.q}\`, ${fmt(worst.ms)} ms`,
      "",
      "```sql",
      worst.sql,
      `-- ${worst.values.map((value, index) => `$${index + 1} = ${JSON.stringify(value)}`).join(", ")}`,
      "```",
      "",
      "```",
      worst.plan,
      "```",
      "",
    );
  }

  lines.push(
    "## Proposals for the title search, tried in SQL",
    "",
    `The title search's statements as sent (the newest 2,000 in scope, then the words' index when those hold fewer than five), under EXPLAIN ANALYZE, median of ${EXPLAIN_RUNS} runs, summed per search (ms): ` +
      "now; with only the last word as a prefix (`login & error:*` for `login error`; one-word searches are unchanged); " +
      `on \`${TRIAL}\`, a copy of the tickets in the same order with the words in a stored generated column ` +
      "(`title_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', title)) STORED`, GIN on it instead of on the expression, and the two btree indexes these plans walk); and both.",
    "",
    "| actor | kind | slowest now | last word as prefix | stored words column | both |",
    "|---|---|---:|---:|---:|---:|",
  );
  const worstOf = (rows: Compared[], pick: (row: Compared) => number | undefined) => {
    const picked = rows.flatMap((row) => {
      const ms = pick(row);
      return ms === undefined ? [] : [{ q: row.q, ms }];
    });
    if (picked.length === 0) return "–";
    const worst = picked.reduce((a, b) => (Number.isNaN(b.ms) || b.ms > a.ms ? b : a));
    return `${fmt(worst.ms)} (\`${worst.q}\`)`;
  };
  for (const actor of actors) {
    for (const { kind } of KINDS) {
      const rows = compared.filter((row) => row.actor === actor.name && row.kind === kind);
      if (rows.length === 0) continue;
      const cells = [
        worstOf(rows, (row) => row.now),
        worstOf(rows, (row) => row.lastPrefix ?? row.now),
        worstOf(rows, (row) => row.stored),
        worstOf(rows, (row) => row.storedLastPrefix ?? row.stored),
      ];
      lines.push(`| ${actor.name} | ${kind} | ${cells.join(" | ")} |`);
    }
  }
  const slow = compared.filter((row) => row.now >= 10);
  if (slow.length > 0) {
    lines.push("", "Every title search whose statements took 10 ms or more now:", "", "| actor | query | statements now (plan) | now | last word as prefix | stored words column | both |", "|---|---|---|---:|---:|---:|---:|");
    const show = (ms: number | undefined) => (ms === undefined ? "–" : fmt(ms));
    for (const row of slow) lines.push(`| ${row.actor} | \`${row.q}\` | ${row.statements} | ${fmt(row.now)} | ${show(row.lastPrefix)} | ${fmt(row.stored)} | ${show(row.storedLastPrefix)} |`);
  }
  lines.push("");
  return lines.join("\n");
}

// The database, once.
const postgres = new URL(databaseUrl);
postgres.pathname = "/postgres";
const admin = new pg.Client({ connectionString: postgres.href });
await admin.connect();
const exists = await admin.query("select 1 from pg_database where datname = $1", [databaseName]);
if (exists.rowCount === 0) await admin.query(`create database "${databaseName.replaceAll('"', '""')}"`);
await admin.end();

const loadAtStart = loadavg().map((value) => value.toFixed(1)).join(", ");
// The build under test: the commit, and whether src/ differed from it when it was bundled.
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const srcChanged = execFileSync("git", ["status", "--porcelain", "src"], { encoding: "utf8" }).trim() !== "";
const app = await startBenchServer({ DATABASE_URL: databaseUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
try {
  const { rows: counted } = await db.query<{ tickets: string; companies: string }>("select (select count(*) from tickets) as tickets, (select count(*) from companies) as companies");
  if (Number(counted[0]!.tickets) < TICKETS) {
    if (Number(counted[0]!.companies) > 0) throw new Error(`${databaseName} holds ${counted[0]!.tickets} tickets, not ${TICKETS}: drop it and run again`);
    const started = performance.now();
    await seed(db);
    console.log(`Seeded in ${Math.round((performance.now() - started) / 1000)} s.`);
  }
  // The customers: of the company with the most tickets, and of the median company.
  const { rows: sizes } = await db.query<{ company_id: string; tickets: number; email: string }>(
    `select t.company_id, t.tickets, p.email from (select company_id, count(*)::int as tickets from tickets group by company_id) t
     join company_users cu on cu.company_id = t.company_id join profiles p on p.id = cu.user_id order by t.tickets desc, t.company_id`,
  );
  const largest = sizes[0]!;
  const middle = sizes[Math.floor(sizes.length / 2)]!;
  const actors: Actor[] = [
    { name: "admin", email: ADMIN.email, password: ADMIN.password, tickets: TICKETS },
    { name: "customer, largest company", email: largest.email, password: CUSTOMER_PASSWORD, companyId: largest.company_id, tickets: largest.tickets },
    { name: "customer, median company", email: middle.email, password: CUSTOMER_PASSWORD, companyId: middle.company_id, tickets: middle.tickets },
  ];
  const signedIn = [];
  for (const actor of actors) signedIn.push({ actor, cookie: await signIn(app.baseUrl, actor.email, actor.password) });

  console.log(`Measuring: ${requests} turns of ${actors.length} actors × ${KINDS.length} kinds...`);
  const measured = await measureAll(app.baseUrl, signedIn);
  for (const m of measured) {
    for (const row of m.kinds) console.log(`${m.actor.name} | ${row.kind}: p50 ${row.p50} ms, p95 ${row.p95} ms, p99 ${row.p99} ms`);
    console.log(`${m.actor.name} | overall: p50 ${m.overall.p50} ms, p95 ${m.overall.p95} ms, p99 ${m.overall.p99} ms`);
  }
  const loadAfterHttp = loadavg().map((value) => value.toFixed(1)).join(", ");
  await app.stop();

  console.log("Reading the statements off the wire and explaining them...");
  const explained = await explainAll(db, signedIn);
  console.log("Trying the proposals in SQL...");
  const compared = await compareProposals(db, explained);
  const { rows: settings } = await db.query<{ name: string; setting: string; unit: string | null }>(
    "select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'max_parallel_workers_per_gather', 'jit') order by name",
  );
  const { rows: sizesOnDisk } = await db.query<{ relation: string; size: string }>(
    `select relname as relation, pg_size_pretty(pg_relation_size(oid)) as size from pg_class
     where relname in ('tickets', 'tickets_title_words_idx', 'tickets_created_at_idx', 'tickets_company_id_created_at_idx', 'projects', 'invoices') order by relname`,
  );
  const loadAtEnd = loadavg().map((value) => value.toFixed(1)).join(", ");
  const report = renderReport({ actors, measured, explained, compared, settings, sizesOnDisk, loadAtStart, loadAfterHttp, loadAtEnd, build: `${commit}${srcChanged ? " with src/ changes" : ""}` });
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/search.md", report);
  writeFileSync("bench/results/search.json", JSON.stringify({ at: new Date().toISOString(), commit, srcChanged, loadAtStart, loadAfterHttp, loadAtEnd, settings, measured, explained, compared }, null, 2));
  console.log(`\n${report}`);
} finally {
  await db.end();
  await app.stop();
}
