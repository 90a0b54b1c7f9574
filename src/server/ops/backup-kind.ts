import { open } from "node:fs/promises";
import { constants, gunzipSync } from "node:zlib";

/**
 * Which database a backup file holds. The file format itself says so, nothing is added to it: a
 * PostgreSQL backup is pg_dump's custom format (it begins with "PGDMP"), an embedded one is
 * PGlite's dump of its data directory (a gzipped tar). Either stays a file its own tools read:
 * `pg_restore` for the one, `PGlite.create({ loadDataDir })` for the other.
 */
export type BackupKind = "postgres" | "pglite";

export const BACKUP_KIND_NAMES: Record<BackupKind, string> = {
  postgres: "PostgreSQL database (pg_dump custom format)",
  pglite: "embedded database (PGlite data directory)",
};

const PG_DUMP_MAGIC = Buffer.from("PGDMP");
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** A tar header has "ustar" at byte 257. */
const TAR_MAGIC_OFFSET = 257;

/** The kind of `file`, or an error that says it is neither (or not there). */
export async function backupKindOf(file: string): Promise<BackupKind> {
  const head = await readHead(file, 64 * 1024);
  if (head.subarray(0, PG_DUMP_MAGIC.length).equals(PG_DUMP_MAGIC)) return "postgres";
  if (head.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC) && isTar(gunzipHead(head))) return "pglite";
  throw new Error(`${file} is not a Portico backup (neither a pg_dump custom-format archive nor a PGlite data-directory dump): check the path, or restore another backup.`);
}

async function readHead(file: string, length: number): Promise<Buffer> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`No backup file at ${file}: check the path, or restore another backup.`, { cause: error });
    throw error;
  }
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The start of a gzip stream, decompressed as far as it goes (the rest of the file is not read). */
function gunzipHead(head: Buffer): Buffer {
  try {
    return gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return Buffer.alloc(0);
  }
}

function isTar(start: Buffer): boolean {
  return start.subarray(TAR_MAGIC_OFFSET, TAR_MAGIC_OFFSET + 5).toString("latin1") === "ustar";
}
