import type { Database } from "../db/client";
import { forgetExpiredKeys } from "../modules/idempotency/idempotency-store";
import type { Logger } from "../observability/logger";
import { startPeriodicJob, type PeriodicJob } from "./periodic-job";

/** Every hour per process, and at start-up: a key counts for a day (ADR 039), so at most an hour's worth outlives it. */
const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Deletes Idempotency-Key answers older than a day, until stopped (server.ts). Several processes sweeping at once delete nothing twice. */
export function startIdempotencySweeper({ db, log }: { db: Database; log: Logger }, intervalMs = SWEEP_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob(
    async () => {
      const removed = await forgetExpiredKeys(db);
      if (removed > 0) log.info({ event: "idempotency.swept", removed }, `idempotency: forgot ${removed} keys older than a day`);
    },
    { intervalMs, onError: (error) => log.warn({ event: "idempotency.sweep_failed", err: error }, "idempotency: sweeping old keys failed; trying again in an hour") },
  );
}
