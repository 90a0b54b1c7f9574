import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The embedded database is single-process: two processes opening the same folder would corrupt
 * it. The server and the admin, backup, restore and db:move commands take this lock; a stale lock
 * (dead pid) is taken over. `whatToDo` ends the refusal: what the caller should do instead.
 */
export function acquireDataDirLock(
  dataDir: string,
  whatToDo = "Stop it first (or use ADMIN_EMAIL/ADMIN_PASSWORD at start-up, or run on PostgreSQL via DATABASE_URL).",
): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "pglite.lock");
  const holder = readHolder(file);
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(`The embedded database in ${dataDir} is in use by process ${holder}. ${whatToDo}`);
  }
  writeFileSync(file, String(process.pid));
  return () => {
    if (readHolder(file) === process.pid) rmSync(file, { force: true });
  };
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
