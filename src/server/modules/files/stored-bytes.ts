import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { fileObjectDeletions, files } from "@/server/db/schema";
import type { FileStore } from "./store/file-store";

/**
 * Removes the bytes of files whose rows are already deleted: the database store's chunks went
 * with the rows (foreign key), an external store's objects were queued by the trigger; this
 * removes those objects now and their queue entries after. Should it fail, the queue keeps them
 * for the sweep, so a deleted file's bytes never stay for good.
 */
export async function removeStoredBytes(db: Database, store: FileStore, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await store.delete(ids);
  if (store.kind !== "database") {
    await db.delete(fileObjectDeletions).where(and(inArray(fileObjectDeletions.fileId, [...ids]), eq(fileObjectDeletions.store, store.kind)));
  }
}

/** Deletes a file's row (whatever its state) and then its bytes: the undo of a failed upload. */
export async function discardFile(db: Database, store: FileStore, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
  await removeStoredBytes(db, store, [id]);
}
