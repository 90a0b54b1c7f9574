import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { rowsOf } from "@/server/db/rate-counter";
import { idempotencyKeys } from "@/server/db/schema";
import type { PorticoEvent } from "@/server/realtime/event-bus";
import { IDEMPOTENCY_KEY_TTL_MS } from "./idempotency-key";

/** A key's row: whose and which key, what request it was, and the answer it got. */
export interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
  events: PorticoEvent[];
}

export interface KeyOf {
  scope: string;
  key: string;
}

/**
 * Takes the key for this transaction, or answers false when another transaction holds it (a
 * request with the same key in flight: ADR 039's 409). A transaction-level advisory lock on the
 * key's 64-bit hash: released at commit or rollback, so a crashed request never holds it. Two
 * keys that share a hash only make one of them wait for a retry; they never share an answer.
 */
export async function tryLockKey(tx: Database, { scope, key }: KeyOf): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${`${scope} ${key}`}, 0)) as locked`);
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}

/** The stored answer for the key, if one younger than a day exists (an older one is the sweep's and no longer counts). */
export async function findStoredAnswer(db: Database, { scope, key }: KeyOf, now = new Date()): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select({ fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.status, body: idempotencyKeys.body, events: idempotencyKeys.events, createdAt: idempotencyKeys.createdAt })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!row || row.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_KEY_TTL_MS) return undefined;
  return { fingerprint: row.fingerprint, status: row.status, body: row.body, events: row.events as PorticoEvent[] };
}

/**
 * Stores the answer in the create's own transaction. False when the key already has a row: a
 * concurrent request with it committed first (the insert waited for it on the unique index). An
 * expired row that the sweep has not reached yet is replaced.
 */
export async function storeAnswer(tx: Database, id: KeyOf, answer: StoredAnswer, now = new Date()): Promise<boolean> {
  await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, id.scope), eq(idempotencyKeys.key, id.key), lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS))));
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ ...id, fingerprint: answer.fingerprint, status: answer.status, body: answer.body, events: answer.events })
    .onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  return inserted.length === 1;
}

/** Deletes keys older than a day; answers how many. */
export async function forgetExpiredKeys(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ id: idempotencyKeys.id });
  return removed.length;
}

