import { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { fileChunks } from "@/server/db/schema";
import type { ByteRange, FileStore } from "./file-store";

/**
 * Bytes per `file_chunks` row. Every chunk of a file but its last holds exactly this many: ranges
 * are mapped to chunk numbers by division, so changing it would need a migration of stored files.
 * Large enough that a 25 MB file is 100 rows, small enough that a row never strains a connection's
 * memory (PGlite's included) and a range read fetches little it does not send.
 */
export const CHUNK_BYTES = 256 * 1024;

/**
 * The default store (ADR 022): bytes in `file_chunks`, in this database. Works the same on PGlite
 * and PostgreSQL, needs no other service, and a backup of the database holds the files too.
 */
export function databaseFileStore(db: Database): FileStore {
  return {
    kind: "database",

    async put(id, body) {
      let seq = 0;
      try {
        // One insert per chunk, outside any transaction: a large upload holds no lock or
        // connection for its whole length, and never more than a chunk in memory.
        for await (const data of inChunksOf(CHUNK_BYTES, body)) {
          await db.insert(fileChunks).values({ fileId: id, seq, data });
          seq += 1;
        }
      } catch (error) {
        await db.delete(fileChunks).where(eq(fileChunks.fileId, id));
        throw error;
      }
    },

    async get(id, range) {
      return Readable.from(readChunks(db, id, range));
    },

    async delete(ids) {
      if (ids.length === 0) return;
      await db.delete(fileChunks).where(inArray(fileChunks.fileId, [...ids]));
    },
  };
}

/** The file's chunks in order, each read when the consumer asks for it; sliced to `range`. */
async function* readChunks(db: Database, id: string, range: ByteRange | undefined): AsyncGenerator<Buffer> {
  const first = range ? Math.floor(range.start / CHUNK_BYTES) : 0;
  const last = range ? Math.floor(range.end / CHUNK_BYTES) : Number.POSITIVE_INFINITY;
  for (let seq = first; seq <= last; seq++) {
    const [row] = await db
      .select({ data: fileChunks.data })
      .from(fileChunks)
      .where(and(eq(fileChunks.fileId, id), eq(fileChunks.seq, seq)));
    if (!row) return;
    // node-postgres answers a Buffer, PGlite a Uint8Array: one view over the same memory either way.
    const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
    const offset = seq * CHUNK_BYTES;
    const from = range && seq === first ? range.start - offset : 0;
    const to = range && seq === last ? range.end - offset + 1 : data.length;
    yield data.subarray(from, to);
  }
}

/** Regroups a stream of arbitrary pieces into pieces of exactly `size` bytes (the last may be shorter). */
export async function* inChunksOf(size: number, body: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const piece of body) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (length + rest.length >= size) {
      const take = size - length;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending, size);
      rest = rest.subarray(take);
      pending = [];
      length = 0;
    }
    if (rest.length > 0) {
      // A copy: the producer may reuse its buffer once we ask for the next piece.
      pending.push(Buffer.from(rest));
      length += rest.length;
    }
  }
  if (length > 0) yield Buffer.concat(pending, length);
}
