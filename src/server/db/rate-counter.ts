import { sql } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Counters in the `rate_limits` table that Better Auth's limiter uses too (our keys carry their
 * own prefixes), so every server process on one database counts together. Each function is one
 * atomic statement: concurrent requests queue on the row lock instead of all passing a check that
 * none of them has recorded yet.
 */

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetsInMs: number;
}

/** Counts one request in a fixed window of `windowMs` that starts with the key's first request. */
export async function countInWindow(db: Database, key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
  const result = await db.execute(sql`
    INSERT INTO rate_limits (id, key, count, last_request) VALUES (gen_random_uuid(), ${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${now}::bigint - rate_limits.last_request >= ${windowMs} THEN 1 ELSE rate_limits.count + 1 END,
      last_request = CASE WHEN ${now}::bigint - rate_limits.last_request >= ${windowMs} THEN ${now}::bigint ELSE rate_limits.last_request END
    RETURNING count, last_request`);
  const row = rowsOf<{ count: number; last_request: string | number }>(result)[0]!;
  return { count: Number(row.count), resetsInMs: Number(row.last_request) + windowMs - now };
}

export interface BackoffPolicy {
  /** Attempts allowed before any waiting. */
  free: number;
  /** The wait after the first attempt beyond `free`; it doubles with each further attempt. */
  baseDelayMs: number;
  /** The longest wait, so that an attacker can never lock the real owner out for long. */
  maxDelayMs: number;
  /** Attempts older than this are forgotten. */
  forgetAfterMs: number;
}

/**
 * Claims an attempt under exponential backoff. Answers 0 when the attempt may go ahead (and
 * counts it), else the milliseconds until the next one may. A refused attempt is not counted:
 * waiting out the delay is all it takes, whoever is waiting.
 */
export async function claimBackoffAttempt(db: Database, key: string, policy: BackoffPolicy, now = Date.now()): Promise<number> {
  const delay = sql`LEAST(${policy.maxDelayMs}::bigint, ${policy.baseDelayMs}::bigint * power(2, GREATEST(rate_limits.count - ${policy.free}, 0))::bigint)`;
  const forgotten = sql`${now}::bigint - rate_limits.last_request >= ${policy.forgetAfterMs}`;
  const claimed = await db.execute(sql`
    INSERT INTO rate_limits (id, key, count, last_request) VALUES (gen_random_uuid(), ${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${forgotten} THEN 1 ELSE rate_limits.count + 1 END,
      last_request = ${now}
    WHERE rate_limits.count < ${policy.free} OR ${forgotten} OR ${now}::bigint - rate_limits.last_request >= ${delay}
    RETURNING count`);
  if (rowsOf(claimed).length > 0) return 0;
  const waiting = await db.execute(sql`
    SELECT (rate_limits.last_request + ${delay} - ${now}::bigint) AS wait FROM rate_limits WHERE key = ${key}`);
  const row = rowsOf<{ wait: string | number }>(waiting)[0];
  return row ? Math.max(1, Number(row.wait)) : 0;
}

/**
 * Takes back one request counted by `countInWindow` that turned out not to be one the limit is
 * about (a right password where wrong ones are counted). Never below zero.
 */
export async function uncount(db: Database, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET count = GREATEST(rate_limits.count - 1, 0) WHERE key = ${key}`);
}

/**
 * Restarts the current wait from now: an attempt's outcome can take a while (a password hash), and
 * the wait is meant to run from the failure the caller saw, not from when the attempt began.
 */
export async function restartWait(db: Database, key: string, now = Date.now()): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET last_request = ${now} WHERE key = ${key}`);
}

/** Longer than any window or backoff kept in the table (an hour at most, Better Auth's a minute). */
export const COUNTER_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the counters nobody has touched for `olderThanMs`: their windows and backoffs are long
 * over, and each distinct client address, person, token or email leaves a row, so without this the
 * table grows with every address that ever signed in (or tried to). Answers how many it deleted.
 */
export async function forgetOldCounters(db: Database, olderThanMs = COUNTER_MAX_AGE_MS, now = Date.now()): Promise<number> {
  const deleted = await db.execute(sql`DELETE FROM rate_limits WHERE last_request < ${now - olderThanMs}::bigint RETURNING 1`);
  return rowsOf(deleted).length;
}

/** Forgets a key's attempts (a successful sign-in). */
export async function resetCounter(db: Database, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** node-postgres answers `{ rows }`, PGlite too; both through Drizzle's execute. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
