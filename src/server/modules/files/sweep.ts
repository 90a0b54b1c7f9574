import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { fileObjectDeletions, files } from "@/server/db/schema";
import type { Logger } from "@/server/observability/logger";
import type { FileStore } from "./store/file-store";
import { startPeriodicJob, type PeriodicJob } from "@/server/ops/periodic-job";
import { removeStoredBytes } from "./stored-bytes";

/** An upload still unfinished after this long has died with its process (or its client). */
export const UNFINISHED_UPLOAD_MS = 60 * 60_000;
/** How often each process sweeps; any process may, and several at once do no harm. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;
/** Queued objects removed per round, so one sweep stays short; the next takes the rest. */
const QUEUE_BATCH = 500;

export interface SweepResult {
  /** Unfinished uploads removed (rows and bytes). */
  unfinished: number;
  /** Queued objects of an external store removed. */
  objects: number;
}

/**
 * Removes what failed uploads and deletions left behind (ADR 022): pending rows older than
 * `olderThanMs` with their bytes (chunks cascade; an external object is queued by the trigger),
 * then the queued objects of this store. Safe to run from several processes at once: each row is
 * deleted by one of them, and removing an object twice is harmless.
 */
export async function sweepFiles(db: Database, store: FileStore, { olderThanMs = UNFINISHED_UPLOAD_MS } = {}): Promise<SweepResult> {
  const unfinished = await db
    .delete(files)
    .where(and(isNull(files.storedAt), lt(files.createdAt, sql`now() - ${olderThanMs} * interval '1 millisecond'`)))
    .returning({ id: files.id });
  await removeStoredBytes(db, store, unfinished.map((row) => row.id));
  let objects = 0;
  if (store.kind !== "database") {
    const queued = await db
      .select({ id: fileObjectDeletions.fileId })
      .from(fileObjectDeletions)
      .where(eq(fileObjectDeletions.store, store.kind))
      .limit(QUEUE_BATCH);
    const ids = queued.map((row) => row.id);
    await store.delete(ids);
    if (ids.length) await db.delete(fileObjectDeletions).where(inArray(fileObjectDeletions.fileId, ids));
    objects = ids.length;
  }
  return { unfinished: unfinished.length, objects };
}

/** Sweeps now and then every `intervalMs`, until stopped (server.ts, before the database closes). */
export function startFileSweeper({ db, store, log }: { db: Database; store: FileStore; log: Logger }, intervalMs = SWEEP_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob(
    async () => {
      const result = await sweepFiles(db, store);
      if (result.unfinished || result.objects) log.info({ event: "files.swept", ...result }, "removed unfinished uploads and deleted files' bytes");
    },
    { intervalMs, onError: (error) => log.warn({ event: "files.sweep_failed", err: error }, "files: the sweep failed; trying again at the next one") },
  );
}
