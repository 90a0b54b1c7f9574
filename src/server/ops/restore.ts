import { readFile, rename, rm } from "node:fs/promises";
import { resolve } from "node:path";
import pg from "pg";
import { createPglite, pgliteFolder } from "../db/client";
import { backupKindOf, type BackupKind } from "./backup-kind";
import { checkEmbeddedBackup, damagedBackup } from "./embedded-backup-check";
import { embeddedFolderInUse, withDataDirLock } from "./embedded-data-dir";
import { ClientProgramFailed, pgRestoreInOneTransaction } from "./postgres-tools";
import { sqlOfPostgres } from "./sql";
import { describeRows, tablesWithRows } from "./tables";

export interface RestoreOptions {
  /** The PostgreSQL database to restore into; absent: the embedded database in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  file: string;
  /** Replace a database that is not empty. */
  force?: boolean;
}

export interface RestoreResult {
  kind: BackupKind;
  /** True when a database that held data was replaced (`force`). */
  replaced: boolean;
}

/**
 * Restores a backup of `backup()` into the database the configuration names, after checking that
 * the file is of that database's kind. A database that holds data is replaced only with `force`;
 * without it nothing is touched.
 */
export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const file = resolve(options.file);
  const kind = await backupKindOf(file);
  if (kind === "pglite" && options.databaseUrl) {
    throw new Error(
      `${file} is a backup of the embedded database, but DATABASE_URL is set. To put it on PostgreSQL, restore it ` +
        "with DATABASE_URL unset (into DATA_DIR), then move it: npm run db:move -- --to <postgres URL>.",
    );
  }
  if (kind === "postgres" && !options.databaseUrl) {
    throw new Error(`${file} is a PostgreSQL backup (pg_dump). Set DATABASE_URL to the PostgreSQL database to restore it into.`);
  }
  const force = options.force ?? false;
  return options.databaseUrl ? restorePostgres(options.databaseUrl, file, force) : restoreEmbedded(options.dataDir, file, force);
}

async function restorePostgres(url: string, file: string, force: boolean): Promise<RestoreResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let used;
  try {
    used = await tablesWithRows(sqlOfPostgres(client));
  } finally {
    await client.end();
  }
  if (used.length > 0 && !force) {
    throw new Error(`The database of DATABASE_URL is not empty: ${describeRows(used)}. Restoring replaces everything in it; to do so, run again with --force.`);
  }
  // Portico keeps everything in these two schemas: tables, types, functions, the pg_trgm extension,
  // and drizzle's record of the migrations. The backup brings all of it back, in the same
  // transaction that removes what was there (a migrated but unused database has it all too).
  const emptyFirst = ["DROP SCHEMA IF EXISTS drizzle CASCADE;", "DROP SCHEMA IF EXISTS public CASCADE;", "CREATE SCHEMA public;"];
  await pgRestoreInOneTransaction(url, file, emptyFirst).catch((error: unknown) => {
    // pg_restore failing first means it could not read the file; the transaction was rolled back.
    if (error instanceof ClientProgramFailed && error.program === "pg_restore") throw damagedBackup(file, `pg_restore: ${error.lastLine}`, error);
    throw error;
  });
  return { kind: "postgres", replaced: used.length > 0 };
}

async function restoreEmbedded(dataDir: string, file: string, force: boolean): Promise<RestoreResult> {
  return withDataDirLock(dataDir, "npm run restore", async () => {
    const target = pgliteFolder(dataDir);
    const replaced = embeddedFolderInUse(dataDir);
    if (replaced && !force) {
      throw new Error(`${dataDir} (DATA_DIR) already holds an embedded database. Restoring replaces it; to do so, run again with --force.`);
    }
    // Read to its end first: PGlite would crash the process on a file cut short or damaged.
    await checkEmbeddedBackup(file);
    // Loaded beside the database and swapped in once it opens: a damaged file leaves it untouched.
    const staging = `${target}.restoring`;
    await rm(staging, { recursive: true, force: true });
    try {
      const client = await createPglite(staging, new Blob([await readFile(file)]));
      await client.query("select 1");
      await client.close();
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      const [firstLine] = (error instanceof Error ? error.message : String(error)).split("\n");
      throw damagedBackup(file, `the embedded database in it does not open: ${firstLine}`, error);
    }
    const previous = `${target}.replaced`;
    await rm(previous, { recursive: true, force: true });
    await rename(target, previous).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    await rename(staging, target);
    await rm(previous, { recursive: true, force: true });
    return { kind: "pglite", replaced };
  });
}
