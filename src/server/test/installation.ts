import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createPglite, openDatabase, pgliteFolder } from "../db/client";
import { createLogger } from "../observability/logger";
import { sqlOfPglite, sqlOfPostgres, type Sql } from "../ops/sql";
import { tableChecksums, type TableChecksums } from "../ops/table-checksums";
import { applicationTables } from "../ops/tables";
import { createThrowawayDatabase, openEmbeddedTestDatabase, startTestServer, type TestDatabaseKind, type TestUser } from "./harness";
import { createProject, customerWithCompany, invoiceBody, type CustomerWithCompany } from "./fixtures";

/*
 * Whole installations for the backup, restore and db:move tests: an embedded database in a DATA_DIR
 * of its own, or a PostgreSQL database of its own, as the commands find them through the
 * configuration.
 */

export interface TestInstallation {
  kind: TestDatabaseKind;
  /** What the commands read from the configuration. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The same, as environment variables of a child process. */
  env: Record<string, string>;
  /** Every application table's row count and checksum, read with the server stopped. */
  checksums(): Promise<TableChecksums>;
  /** Runs SQL on it with no server running (a change to tell two installations apart), then answers `checksums()`. */
  change(text: string): Promise<TableChecksums>;
  remove(): Promise<void>;
}

/** What the seed made through the API: users with known passwords and live sessions. */
export interface Seed {
  admin: TestUser;
  customer: CustomerWithCompany;
}

/**
 * Tables the seed fills: the auth tables (user, password account, session), the company and its
 * member, a project, a ticket and its comment, a message and the conversation it opens, an
 * invoice with its line and generated PDF and its re-issued draft (a row referring to another of
 * its table), an invitation and its mail, and the audit entries, history and notifications of it all.
 */
export const SEEDED_TABLES = [
  "profiles",
  "accounts",
  "sessions",
  "user_roles",
  "companies",
  "company_users",
  "projects",
  "tickets",
  "ticket_comments",
  "messages",
  "conversations",
  "invoices",
  "invoice_lines",
  "files",
  "file_chunks",
  "invitations",
  "mail_outbox",
  "audit_events",
  "activity_events",
  "notifications",
] as const;

/** An installation with no database yet (PGlite) or an empty database (PostgreSQL). */
export async function emptyInstallation(kind: TestDatabaseKind): Promise<TestInstallation> {
  const dataDir = mkdtempSync(join(tmpdir(), "portico-data-"));
  if (kind === "pglite") {
    return {
      kind,
      databaseUrl: undefined,
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      checksums: () => withPglite(dataDir, checksumsOf),
      change: (text) => withPglite(dataDir, async (sql) => (await sql(text), checksumsOf(sql))),
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createThrowawayDatabase();
  return {
    kind,
    databaseUrl: database.url,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    checksums: () => withPostgres(database.url, checksumsOf),
    change: (text) => withPostgres(database.url, async (sql) => (await sql(text), checksumsOf(sql))),
    async remove() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An installation with a server's worth of use, made through the API of a server run on it, then stopped. */
export async function seededInstallation(kind: TestDatabaseKind): Promise<TestInstallation & { seed: Seed }> {
  const installation = await emptyInstallation(kind);
  const log = await createLogger({ LOG_LEVEL: "error", NODE_ENV: "test" });
  const database = installation.databaseUrl
    ? await openDatabase({ url: installation.databaseUrl, poolSize: 5, log })
    : await openEmbeddedTestDatabase(installation.dataDir);
  const server = await startTestServer({}, { database });
  try {
    return { ...installation, seed: await seedThroughTheApi(server) };
  } finally {
    await server.close();
  }
}

async function seedThroughTheApi(server: Awaited<ReturnType<typeof startTestServer>>): Promise<Seed> {
  const admin = await server.createUser({ admin: true, name: "Dana Admin" });
  const customer = await customerWithCompany(server, "Acme Ltd");
  const project = await createProject(admin, customer.company.id);
  const ticket = await customer.client.post("/api/tickets", { projectId: project.id, title: "The login page is slow" });
  const made = [
    ticket,
    await customer.client.post(`/api/tickets/${ticket.body.id}/comments`, { content: "Since Monday" }),
    await customer.client.post("/api/messages", { content: "Hello from Acme" }),
    await admin.client.post("/api/invoices", invoiceBody(customer.company.id, { amount: "1234.50" })),
    await customer.client.post(`/api/companies/${customer.company.id}/invitations`, { email: "colleague@acme.example.test", role: "member" }),
  ];
  const invoice = made[3]!;
  made.push(await admin.client.post(`/api/invoices/${invoice.body.id}/reissue`));
  const failed = made.find((response) => response.status !== 201);
  if (failed) throw new Error(`seed failed: ${failed.status} ${JSON.stringify(failed.body)}`);
  return { admin, customer };
}

async function checksumsOf(sql: Sql): Promise<TableChecksums> {
  return tableChecksums(sql, await applicationTables(sql));
}

async function withPglite<T>(dataDir: string, work: (sql: Sql) => Promise<T>): Promise<T> {
  const client = await createPglite(pgliteFolder(dataDir));
  try {
    return await work(sqlOfPglite(client));
  } finally {
    await client.close();
  }
}

async function withPostgres<T>(url: string, work: (sql: Sql) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(sqlOfPostgres(client));
  } finally {
    await client.end();
  }
}

const root = fileURLToPath(new URL("../../..", import.meta.url));

/** `npm run <script> -- <args>` in a child process, as an operator runs it; resolves when it exits. */
export function runNpmScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // Vitest sets BASE_URL to Vite's base ("/"), which is no URL the configuration accepts.
  const { BASE_URL: _viteBase, ...inherited } = process.env;
  const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
    cwd: root,
    // The harness's secret, so that no command generates one of its own into DATA_DIR.
    env: { ...inherited, NODE_ENV: "test", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
