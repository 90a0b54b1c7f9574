import type { Readable } from "node:stream";
import type { fileStores } from "@/server/db/schema";

/** An inclusive byte range, as HTTP Range requests name them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where files' bytes live (ADR 022). The rest of the code sees only this: which store runs is
 * configuration (`FILE_STORE`). A file's metadata is always a `files` row in the database; the
 * store holds its bytes under the row's id.
 */
export interface FileStore {
  readonly kind: (typeof fileStores)[number];
  /**
   * Stores the bytes of file `id` as they arrive, never the whole file in memory. Rejects when
   * `body` fails (too large, client gone); whatever was written is removed again before it does.
   */
  put(id: string, body: AsyncIterable<Uint8Array>): Promise<void>;
  /** The bytes of file `id`, or of `range` in it, as a stream read on demand. */
  get(id: string, range?: ByteRange): Promise<Readable>;
  /** Removes the bytes of these files; ids without bytes are ignored. */
  delete(ids: readonly string[]): Promise<void>;
}
