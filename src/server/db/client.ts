import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The raw driver underneath, for the few things Drizzle does not cover (LISTEN). */
export type Driver =
  | { kind: "pglite"; client: PGlite }
  | { kind: "postgres"; pool: pg.Pool; url: string };

export interface DatabaseHandle {
  db: Database;
  driver: Driver;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));
// Any constant shared by every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_302_241_117;

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; absent means in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
}

/** Opens the database and applies pending migrations: the same code path for both engines. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection emits 'error'; without a listener that kills the process.
  pool.on("error", (error) => console.error("database pool error:", error.message));
  const lockClient = await pool.connect();
  try {
    // Several processes may start at once against one database; only one migrates at a time.
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return { db, driver: { kind: "postgres", pool, url }, close: () => pool.end() };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, "pglite");
    mkdirSync(path, { recursive: true });
  }
  const client = await PGlite.create(path, { extensions: { pg_trgm } });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  const db = pgliteDb as unknown as Database;
  return { db, driver: { kind: "pglite", client }, close: () => client.close() };
}

/** Resolves when the database answers, rejects after `timeoutMs`. */
export async function pingDatabase(db: Database, timeoutMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database ping timed out")), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
