import type { Database } from "../db/client";
import { forgetOldCounters } from "../db/rate-counter";
import type { Logger } from "../observability/logger";
import { startPeriodicJob, type PeriodicJob } from "./periodic-job";

/** Once a day per process, and at start-up; several processes sweeping at once delete nothing twice. */
const SWEEP_INTERVAL_MS = 24 * 60 * 60_000;

/** Deletes rate-limit counters untouched for a day (db/rate-counter.ts), until stopped (server.ts). */
export function startRateCounterSweeper({ db, log }: { db: Database; log: Logger }, intervalMs = SWEEP_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob(
    async () => {
      const removed = await forgetOldCounters(db);
      if (removed > 0) log.info({ event: "rate_limits.swept", removed }, `rate limits: forgot ${removed} counters untouched for a day`);
    },
    { intervalMs, onError: (error) => log.warn({ event: "rate_limits.sweep_failed", err: error }, "rate limits: sweeping old counters failed; trying again tomorrow") },
  );
}
