import { asc, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource, SelectedFieldsFlat } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";

/*
 * Work claimed in the database (D15): the mail outbox (ADR 013) and webhook deliveries (ADR 031)
 * share one way of taking a due row and of deciding when to try it again.
 */

/** `now()` plus `ms` milliseconds, in SQL: due-ness is always the database's clock. */
export const afterMs = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/** The columns a claimable table has. */
export interface ClaimableTable extends PgTable {
  id: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  claimId: PgColumn;
}

/**
 * Claims the longest-waiting row that `due` selects, in one statement: `UPDATE … WHERE id IN
 * (SELECT … FOR UPDATE SKIP LOCKED LIMIT 1)`, counting the attempt, setting `claimId` and moving
 * `next_attempt_at` a claim's length (`claimMs`) ahead. Nothing stays open while the caller works
 * (which suits PGlite's single connection), two processes never take one row, and a worker that
 * dies leaves a claim that runs out, after which the row is due again. The caller writes its
 * outcome `WHERE id = … AND claim_id = …`. Returns the row's `returning` fields, or undefined when
 * nothing is due.
 */
export async function claimNext<T extends ClaimableTable, R extends SelectedFieldsFlat>(
  db: Database,
  table: T,
  { due, claimId, claimMs, returning }: { due: SQL | undefined; claimId: string; claimMs: number; returning: R },
) {
  const next = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(sql`${due ?? sql`true`} and ${table.nextAttemptAt} <= now()`)
    .orderBy(asc(table.nextAttemptAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const set = { attempts: sql`${table.attempts} + 1`, claimId, nextAttemptAt: afterMs(claimMs) } as unknown as PgUpdateSetSource<T>;
  const rows = (await db.update(table).set(set).where(inArray(table.id, next)).returning(returning)) as unknown as Array<{ [K in keyof R]: R[K] extends PgColumn ? R[K]["_"]["data"] | (R[K]["_"]["notNull"] extends true ? never : null) : unknown }>;
  return rows[0];
}

/** When to try again after a failed attempt. */
export interface RetryPolicy {
  /** The wait after the `attempts`-th failed attempt (1 = the first). */
  delayMs(attempts: number): number;
  /** After this many failed attempts the work is given up on. */
  maxAttempts: number;
}

/** `firstMs`, doubling per attempt up to `maxMs` (the mail outbox's). */
export function exponentialRetry({ firstMs, maxMs, maxAttempts }: { firstMs: number; maxMs: number; maxAttempts: number }): RetryPolicy {
  return { maxAttempts, delayMs: (attempts) => Math.min(maxMs, firstMs * 2 ** Math.max(0, attempts - 1)) };
}

/**
 * The waits of `scheduleMs` in order, each stretched by up to `jitter` (0.2 = up to 20 % longer) so
 * that deliveries failed together by one outage do not all come back in the same second; one more
 * attempt than waits. `random` is injectable for tests.
 */
export function scheduledRetry(scheduleMs: readonly number[], { jitter = 0.2, random = Math.random }: { jitter?: number; random?: () => number } = {}): RetryPolicy {
  return {
    maxAttempts: scheduleMs.length + 1,
    delayMs: (attempts) => {
      const base = scheduleMs[Math.min(scheduleMs.length, Math.max(1, attempts)) - 1] ?? 0;
      return Math.round(base * (1 + jitter * random()));
    },
  };
}
