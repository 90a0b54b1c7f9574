import { createReadStream } from "node:fs";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";

/** The advice every refusal of a backup file ends with: what the operator does next. */
export const DAMAGED_BACKUP_ADVICE = "copy the file again from where your backups are kept, or restore another backup.";

/** The sentence for a backup file that cannot be restored; nothing was changed when it is said. */
export const damagedBackup = (file: string, reason: string, cause?: unknown) =>
  new Error(`${file} is damaged or incomplete (${reason}), so nothing was changed: ${DAMAGED_BACKUP_ADVICE}`, { cause });

const BLOCK = 512;

/**
 * Reads an embedded backup (a gzipped tar of PGlite's data directory) to its end before PGlite gets
 * it: gzip's own length and checksum catch a file cut short or changed, each tar header's checksum
 * catches a damaged archive, and the archive must end with its end marker. PGlite gives no such
 * check: it unpacks the file in a stream whose errors it does not catch, so a damaged file would
 * end the process with a stack trace.
 */
export async function checkEmbeddedBackup(file: string): Promise<void> {
  const archive = new TarWalker();
  try {
    await pipeline(createReadStream(file), createGunzip(), archive);
  } catch (error) {
    if (error instanceof DamagedArchive) throw damagedBackup(file, error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_BUF_ERROR") throw damagedBackup(file, "it ends early", error);
    if (typeof code === "string" && code.startsWith("Z_")) throw damagedBackup(file, "its compressed data does not check out", error);
    throw error;
  }
  if (!archive.ended) throw damagedBackup(file, "its archive ends early");
}

class DamagedArchive extends Error {}

/** Walks tar headers as the data streams past: checks each header and skips the file data it announces. */
class TarWalker extends Writable {
  ended = false;
  private pending = Buffer.alloc(0);
  /** Bytes of file data (padded to whole blocks) still to skip before the next header. */
  private skip = 0;

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    try {
      this.take(chunk);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  private take(chunk: Buffer): void {
    let data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    while (!this.ended) {
      if (this.skip > 0) {
        const skipped = Math.min(this.skip, data.length);
        this.skip -= skipped;
        data = data.subarray(skipped);
        if (this.skip > 0) break;
      }
      if (data.length < BLOCK) break;
      const header = data.subarray(0, BLOCK);
      data = data.subarray(BLOCK);
      if (header.every((byte) => byte === 0)) {
        this.ended = true;
        break;
      }
      if (!checksumMatches(header)) throw new DamagedArchive("a file header in its archive does not check out");
      this.skip = Math.ceil(entrySize(header) / BLOCK) * BLOCK;
    }
    this.pending = this.ended ? Buffer.alloc(0) : Buffer.from(data);
  }
}

/** The header's checksum field (bytes 148-155, octal) against the sum of its bytes, that field counted as spaces. */
function checksumMatches(header: Buffer): boolean {
  const stored = parseInt(header.subarray(148, 156).toString("latin1").replace(/\0.*$/, "").trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return stored === sum;
}

/** The entry's size (bytes 124-135): octal, or base-256 when the first byte has its high bit set. */
function entrySize(header: Buffer): number {
  const field = header.subarray(124, 136);
  if (field[0]! & 0x80) {
    let size = field[0]! & 0x7f;
    for (let i = 1; i < field.length; i++) size = size * 256 + field[i]!;
    return size;
  }
  const size = parseInt(field.toString("latin1").replace(/\0.*$/, "").trim() || "0", 8);
  if (!Number.isFinite(size) || size < 0) throw new DamagedArchive("a file header in its archive does not check out");
  return size;
}
