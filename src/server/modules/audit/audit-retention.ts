import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { rowsOf } from "@/server/db/rate-counter";
import type { Logger } from "@/server/observability/logger";
import { startPeriodicJob, type PeriodicJob } from "@/server/ops/periodic-job";
import { recordAudit } from "./audit-log";

/** Any constant of its own: processes that prune at the same moment take turns, and the second finds nothing left. */
const PRUNE_LOCK_KEY = 0xa0d17; // "audit"
/** Once a day per process; a process that starts runs it at once, so a restart loop still prunes. */
export const PRUNE_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * Deletes entries older than `retentionDays` (AUDIT_RETENTION_DAYS) and records how many in the
 * same transaction, as `audit.pruned`. The only DELETE the append-only trigger lets through: it
 * is allowed by `portico.audit_prune`, set for this transaction alone and cleared before the
 * entry is written. Answers how many were removed, or null when another process was pruning.
 */
export async function pruneAuditLog(db: Database, { retentionDays }: { retentionDays: number }): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK_KEY}) as locked`));
    if (!lock?.locked) return null;
    await tx.execute(sql`select set_config('portico.audit_prune', 'on', true)`);
    const [deleted] = rowsOf<{ removed: number | string }>(
      await tx.execute(sql`
        with removed as (delete from audit_events where at < now() - ${retentionDays}::int * interval '1 day' returning 1)
        select count(*) as removed from removed`),
    );
    await tx.execute(sql`select set_config('portico.audit_prune', 'off', true)`);
    // The oldest entry kept links to one removed: the chain's base moves to that link (ADR 050),
    // or to its head when nothing is kept, so the audit log's chain still verifies.
    await tx.execute(sql`
      update hash_chain_heads h set base_seq = coalesce(oldest.seq - 1, h.seq), base_hash = coalesce(oldest.prev_hash, h.hash)
      from (select 1) one left join lateral (select seq, prev_hash from audit_events order by seq limit 1) oldest on true
      where h.chain = 'audit'`);
    const removed = Number(deleted?.removed ?? 0);
    if (removed > 0) await recordAudit(tx, { kind: "audit.pruned", details: { removed, retentionDays } });
    return removed;
  });
}

/** Prunes now and then every `intervalMs`, until stopped (server.ts, before the database closes). */
export function startAuditPruner({ db, log, retentionDays }: { db: Database; log: Logger; retentionDays: number }, intervalMs = PRUNE_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob(
    async () => {
      const removed = await pruneAuditLog(db, { retentionDays });
      if (removed) log.info({ event: "audit.pruned", removed, retentionDays }, `audit log: removed ${removed} entries older than ${retentionDays} days`);
    },
    { intervalMs, onError: (error) => log.warn({ event: "audit.prune_failed", err: error }, "audit log: pruning failed; trying again at the next round") },
  );
}
