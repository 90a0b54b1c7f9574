import type { Database } from "@/server/db/client";
import type { ServiceContext } from "../context";
import { appendAccess, type AccessRef } from "./access-writes";
import { isStaff } from "./staff";

const HOUR_MS = 3_600_000;
/** Reads this process kept this hour; beyond this many it forgets them all and lets the database coalesce. */
const REMEMBERED_MAX = 100_000;

/**
 * What this process already kept, per person, record and hour: a read it kept is not sent again
 * that hour, so an admin paging through lists costs no statement at all after the first page view
 * (and, on the embedded database, leaves its read cache standing, ADR 010). The database's
 * trigger coalesces what several processes send.
 */
const keptBy = new WeakMap<Database, Map<string, number>>();
/** The reads still on their way to each database, so a reader of the log can wait for them. */
const pending = new WeakMap<Database, Set<Promise<void>>>();

const keyOf = (userId: string, ref: AccessRef, hour: number) => `${userId}|${ref.type}|${ref.id}|${hour}`;

/**
 * Records that a staff member read `refs` (ADR 050), without holding up the answer: the insert is
 * sent now and not awaited, so the read's own request costs no round trip more. A failed insert is
 * logged (never dropped silently) and forgotten, so the next read of the record tries again.
 * Customers' reads are not recorded. `reason` (REQUIRE_ACCESS_REASON) is kept with its read.
 */
export function noteReads(ctx: Pick<ServiceContext, "db" | "actor" | "log" | "clock">, { refs, reason = null }: { refs: readonly AccessRef[]; reason?: string | null }): void {
  if (refs.length === 0 || !isStaff(ctx.actor)) return;
  const kept = keptBy.get(ctx.db) ?? new Map<string, number>();
  keptBy.set(ctx.db, kept);
  const at = ctx.clock.now();
  const hour = Math.floor(at.getTime() / HOUR_MS);
  const fresh = reason === null ? refs.filter((ref) => kept.get(keyOf(ctx.actor.userId, ref, hour)) === undefined) : [...refs];
  if (fresh.length === 0) return;
  if (kept.size + fresh.length > REMEMBERED_MAX) kept.clear();
  const keys = fresh.map((ref) => keyOf(ctx.actor.userId, ref, hour));
  for (const key of keys) kept.set(key, hour);
  const actor = { userId: ctx.actor.userId, name: ctx.actor.name, email: ctx.actor.email };
  const write = appendAccess(ctx.db, { actor, access: "read", refs: fresh, reason, at }).catch((error: unknown) => {
    for (const key of keys) kept.delete(key);
    ctx.log.error({ err: error, event: "access_log.write_failed", records: fresh.length }, "access log: a staff read could not be recorded");
  });
  const waiting = pending.get(ctx.db) ?? new Set<Promise<void>>();
  pending.set(ctx.db, waiting);
  waiting.add(write);
  void write.finally(() => waiting.delete(write));
}

/** Waits for the reads this process is still recording: a log read right after a staff read shows it. */
export async function settledReads(db: Database): Promise<void> {
  const waiting = pending.get(db);
  if (waiting && waiting.size > 0) await Promise.all([...waiting]);
}

/** Forgets which reads this process kept in `db` (a test that starts its log afresh). */
export function forgetKeptReads(db: Database): void {
  keptBy.delete(db);
}

/** A list's rows read by a staff member, each as the record `refOf` names (undefined: not one the company sees). */
export function noteListReads<Row>(ctx: Pick<ServiceContext, "db" | "actor" | "log" | "clock">, { rows, refOf }: { rows: readonly Row[]; refOf: (row: Row) => AccessRef | undefined }): void {
  if (rows.length === 0 || !isStaff(ctx.actor)) return;
  const refs = rows.flatMap((row) => {
    const ref = refOf(row);
    return ref ? [ref] : [];
  });
  noteReads(ctx, { refs });
}
