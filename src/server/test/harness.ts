import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import pg from "pg";
import { createApp } from "../app";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { loadEnv, type Env } from "../env";
import type { AppDeps } from "../http/context";
import { createDeps, type DepsOptions } from "../server";
import { createLogger, type Logger } from "../observability/logger";
import { createUser, promoteToAdmin } from "../accounts";
import { TestClient } from "./test-client";
import { forgetServer } from "./contract/answers";

export type TestDatabaseKind = "pglite" | "postgres";

/** Which database this Vitest project runs on (see vitest.config.ts). */
export const testDatabaseKind: TestDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped again on close (migrated from scratch,
 * logging to `log`).
 */
export async function openTestDatabase(options: { log?: Logger } = {}): Promise<DatabaseHandle & { url?: string }> {
  // Only what goes wrong: each PostgreSQL test database announces its migrations otherwise.
  const log = options.log ?? (await createLogger({ LOG_LEVEL: "error", NODE_ENV: "test" }));
  if (testDatabaseKind === "pglite") return openDatabase({ pgliteStartFrom: await pgliteTemplate(), log });
  const throwaway = await createThrowawayDatabase();
  const handle = await openDatabase({ url: throwaway.url, poolSize: 5, log });
  return {
    ...handle,
    url: throwaway.url,
    async close() {
      await handle.close();
      await throwaway.drop();
    },
  };
}

/** An empty database on the PostgreSQL server of TEST_DATABASE_URL, nothing migrated; `drop()` removes it. */
export async function createThrowawayDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `portico_test_${randomUUID().replaceAll("-", "")}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let template: Blob | undefined;
/** The migrated database of pglite-template.ts, read once per test process. */
async function pgliteTemplate(): Promise<Blob> {
  template ??= new Blob([await readFile(inject("pgliteTemplate"))]);
  return template;
}

/**
 * An embedded database in `dataDir`, as a server on DATA_DIR opens it. It starts from the PGlite
 * project's migrated template; the PostgreSQL project has none, so there it runs initdb and the
 * migrations (about 10 s on the two-core CI machine).
 */
export async function openEmbeddedTestDatabase(dataDir: string): Promise<DatabaseHandle> {
  const log = await createLogger({ LOG_LEVEL: "error", NODE_ENV: "test" });
  const startFrom = inject("pgliteTemplate") ? await pgliteTemplate() : undefined;
  return openDatabase({ dataDir, pgliteStartFrom: startFrom, log });
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  client: TestClient;
}

export interface TestServer {
  baseUrl: string;
  deps: AppDeps;
  env: Env;
  database: DatabaseHandle;
  /** A client with no session, its own client address (so rate-limit buckets do not collide). */
  anonymous(): TestClient;
  /** Creates a user server-side (no rate limit) and returns a signed-in client. */
  createUser(options?: { name?: string; email?: string; password?: string; admin?: boolean }): Promise<TestUser>;
  close(): Promise<void>;
}

let ipCounter = 0;
/** A unique client address per client within the test process, sent as X-Forwarded-For. */
export function nextClientIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/**
 * Starts the real app on a real socket on 127.0.0.1. The socket peer (127.0.0.1) is a trusted
 * proxy here so each test client can have its own address via X-Forwarded-For.
 */
export async function startTestServer(
  overrides: Record<string, string> = {},
  options: DepsOptions & { /** An open database instead of a fresh one; `close()` closes it. */ database?: DatabaseHandle } = {},
): Promise<TestServer> {
  const database = options.database ?? (await openTestDatabase());
  // The app needs the port (its BASE_URL) before it exists, so the socket is bound first.
  const target: { fetch?: (req: Request, env: unknown) => Response | Promise<Response> } = {};
  const server = createServer(getRequestListener((req, env) => target.fetch!(req, env)));
  // As in production (server.ts): an idle connection outlives the client's, so a request sent on
  // it after a long pause (a test that runs a job between requests) never meets it being closed.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: "test",
    BASE_URL: baseUrl,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    TRUSTED_PROXIES: "127.0.0.1",
    LOG_LEVEL: "error",
    // The suite creates well over a thousand accounts; see password.ts. auth.test.ts checks the default.
    PASSWORD_HASH_COST: "test-only-weak",
    ...overrides,
  });
  const deps = await createDeps(env, database, options);
  const app = createApp(deps);
  target.fetch = app.fetch;

  let userCounter = 0;
  return {
    baseUrl,
    deps,
    env,
    database,
    anonymous: () => new TestClient(baseUrl, nextClientIp()),
    async createUser(options = {}) {
      userCounter += 1;
      const email = options.email ?? `user${userCounter}-${randomUUID().slice(0, 8)}@example.test`;
      const name = options.name ?? `Test User ${userCounter}`;
      const password = options.password ?? "correct-horse-1";
      const id = await createUser(deps.auth, { email, password, name });
      if (options.admin) await promoteToAdmin(deps.db, id);
      const client = new TestClient(baseUrl, nextClientIp());
      await client.signIn(email, password);
      return { id, email, name, password, client };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      forgetServer(baseUrl);
      await deps.mail.worker.stop();
      await deps.events.close();
      await database.close();
    },
  };
}
