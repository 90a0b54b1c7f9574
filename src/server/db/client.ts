import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { projectRoot } from "../env";
import { processLogger, type Logger } from "../observability/logger";
import { attachReadCache, invalidateOnWrites, ReadCache } from "./read-cache";
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

const migrationsFolder = join(projectRoot(), "drizzle");
// Any constant shared by every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_302_241_117;

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; absent means in memory (tests). */
  dataDir?: string | undefined;
  /**
   * An in-memory PGlite starts from this dumped data directory instead of an empty one. A fresh
   * PGlite runs initdb (2 s on an idle small machine, far more on a busy one); the test harness
   * dumps one migrated database per run and starts every test file's database from it.
   */
  pgliteStartFrom?: Blob | undefined;
  poolSize?: number;
  /** Migration and pool events; the process logger when absent (scripts). */
  log?: Logger;
}

/** Opens the database and applies pending migrations: the same code path for both engines. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const log = options.log ?? processLogger();
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, log);
  return openPglite(options.dataDir, options.pgliteStartFrom, log);
}

/**
 * `when` of the newest migration in drizzle/meta/_journal.json: Drizzle records it as `created_at`
 * in drizzle.__drizzle_migrations and applies every migration whose `when` is later.
 */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * True when the newest migration is already recorded: one select instead of Drizzle's migrator
 * (which reads every SQL file, hashes it and runs three statements and a transaction even when
 * nothing is pending). A missing table (fresh database) or any other error answers false, and the
 * migrator then runs as before.
 */
async function migrationsApplied(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  try {
    const { rows } = await query("select max(created_at) as created_at from drizzle.__drizzle_migrations");
    const recorded = (rows[0] as { created_at: string | number | null } | undefined)?.created_at;
    return recorded != null && Number(recorded) >= newestMigrationMillis();
  } catch {
    return false;
  }
}

/** Runs `migrate` between two log lines that say what happened and how long it took. */
async function migrating(log: Logger, migrate: () => Promise<void>): Promise<void> {
  const started = performance.now();
  log.info({ event: "db.migrating" }, "applying database migrations");
  await migrate();
  log.info({ event: "db.migrated", durationMs: Math.round(performance.now() - started) }, "database migrations applied");
}

async function openPostgres(url: string, poolSize: number, log: Logger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection emits 'error'; without a listener that kills the process.
  pool.on("error", (error) => log.warn({ event: "db.pool_error", error: error.message }, "database pool: an idle connection failed"));
  // Up to date (every start but the first after a deploy): no lock, no migrator. A migration that
  // is recorded has committed, so skipping the lock is safe; otherwise check again under it.
  if (!(await migrationsApplied((text) => pool.query(text)))) {
    const lockClient = await pool.connect();
    try {
      // Several processes may start at once against one database; only one migrates at a time.
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      if (!(await migrationsApplied((text) => lockClient.query(text)))) {
        await migrating(log, () => migrateNodePg(drizzleNodePg(lockClient, { schema }), { migrationsFolder }));
      }
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return { db, driver: { kind: "postgres", pool, url }, close: () => pool.end() };
}

/** The folder inside DATA_DIR that holds PGlite's own files (DATA_DIR also holds the lock and the dev secret). */
export function pgliteFolder(dataDir: string): string {
  return join(dataDir, "pglite");
}

/**
 * A bare PGlite on `path` (absent: in memory) with the extensions the migrations use, nothing
 * migrated: the backup and restore commands handle a data directory as it is.
 */
export async function createPglite(path: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  // Loaded here, not at the top: PostgreSQL deployments never load PGlite (WASM glue, ~MBs of JS).
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import("@electric-sql/pglite"), import("@electric-sql/pglite/contrib/pg_trgm")]);
  return PGlite.create(path, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

async function openPglite(dataDir: string | undefined, startFrom: Blob | undefined, log: Logger): Promise<DatabaseHandle> {
  let path: string | undefined;
  if (dataDir) {
    path = pgliteFolder(dataDir);
    mkdirSync(path, { recursive: true });
  }
  const [client, { drizzle: drizzlePglite }] = await Promise.all([createPglite(path, startFrom), import("drizzle-orm/pglite")]);
  const readCache = new ReadCache();
  invalidateOnWrites(client, readCache);
  const pgliteDb = drizzlePglite(client, { schema });
  if (!(await migrationsApplied((text) => client.query(text)))) {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migrating(log, () => migratePglite(pgliteDb, { migrationsFolder }));
  }
  const db = pgliteDb as unknown as Database;
  attachReadCache(db, readCache);
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
