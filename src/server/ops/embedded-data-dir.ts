import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pgliteFolder } from "../db/client";
import { acquireDataDirLock } from "../db/data-dir-lock";

/** True when DATA_DIR holds an embedded database (PostgreSQL writes PG_VERSION first of all). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(join(pgliteFolder(dataDir), "PG_VERSION"));
}

/** True when DATA_DIR's database folder exists and holds anything at all. */
export function embeddedFolderInUse(dataDir: string): boolean {
  const folder = pgliteFolder(dataDir);
  return existsSync(folder) && readdirSync(folder).length > 0;
}

/**
 * Runs `work` holding DATA_DIR's lock, the one the server takes: while it runs no server can open
 * the database, and while a server runs this refuses (the message says which process).
 */
export async function withDataDirLock<T>(dataDir: string, command: string, work: () => Promise<T>): Promise<T> {
  const release = acquireDataDirLock(dataDir, `Stop the server first, then run ${command} again.`);
  try {
    return await work();
  } finally {
    release();
  }
}
