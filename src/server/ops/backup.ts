import { rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { createPglite, pgliteFolder } from "../db/client";
import type { BackupKind } from "./backup-kind";
import { hasEmbeddedDatabase, withDataDirLock } from "./embedded-data-dir";
import { pgDump } from "./postgres-tools";

export interface BackupOptions {
  /** The PostgreSQL database to back up; absent: the embedded database in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** The backup file to write (replaced once the new backup is complete). */
  out: string;
}

export interface BackupResult {
  kind: BackupKind;
  file: string;
  bytes: number;
}

/**
 * Backs up the whole installation: files live in the database too, so the database is all there
 * is. PostgreSQL through pg_dump (a consistent snapshot, servers may keep running); the embedded
 * database through PGlite's dump of its data directory, with no server running on it.
 */
export async function backup(options: BackupOptions): Promise<BackupResult> {
  const file = resolve(options.out);
  await refuseMissingFolder(file);
  // Written beside the file and renamed when complete: a failed backup never replaces a good one.
  const partial = `${file}.partial`;
  const kind: BackupKind = options.databaseUrl ? "postgres" : "pglite";
  try {
    if (options.databaseUrl) await pgDump(options.databaseUrl, partial);
    else await dumpEmbedded(options.dataDir, partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { kind, file, bytes: (await stat(file)).size };
}

/** Said before anything runs: otherwise pg_dump or the write fails late, naming the `.partial` file. */
async function refuseMissingFolder(file: string): Promise<void> {
  const folder = await stat(dirname(file)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!folder) throw new Error(`Cannot write the backup to ${file}: its folder does not exist. Create it, or pick another path with --out.`);
  if (!folder.isDirectory()) throw new Error(`Cannot write the backup to ${file}: ${dirname(file)} is not a folder. Pick another path with --out.`);
}

async function dumpEmbedded(dataDir: string, file: string): Promise<void> {
  await withDataDirLock(dataDir, "npm run backup", async () => {
    if (!hasEmbeddedDatabase(dataDir)) {
      throw new Error(`There is no embedded database in ${dataDir} (DATA_DIR) to back up. To back up PostgreSQL, set DATABASE_URL.`);
    }
    const client = await createPglite(pgliteFolder(dataDir));
    try {
      // Everything written to the data files first, so loading the dump replays no WAL.
      await client.query("checkpoint");
      const dump = await client.dumpDataDir("gzip");
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  });
}
