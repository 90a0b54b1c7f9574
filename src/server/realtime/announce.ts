import { sql } from "drizzle-orm";
import { porticoEventSchema, type PorticoEvent } from "@/shared/schemas/event";
import type { Database } from "@/server/db/client";
import { EVENTS_CHANNEL } from "./event-bus";

/**
 * Announces a change as part of the write that makes it (ADR 038): a NOTIFY on the transaction
 * `tx`, which PostgreSQL (and PGlite) delivers to every process's LISTEN connection when `tx`
 * commits, and never when it rolls back. A process that dies after the commit cannot lose the
 * announcement: it is already in the database's notification queue.
 *
 * Call it inside the transaction, with its handle. Given the database handle instead, the NOTIFY
 * is a statement of its own: only for a change that is already committed (a retry that finds its
 * write stored announces it again, in case the process that stored it died before the commit).
 * A failed NOTIFY fails the transaction, so no write commits unannounced.
 */
export async function announce(tx: Database, event: PorticoEvent): Promise<void> {
  // Receivers drop malformed events; refuse one here, where the bug is. Payloads are ~120 bytes,
  // far under NOTIFY's 8,000.
  const payload = JSON.stringify(porticoEventSchema.parse(event));
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}
