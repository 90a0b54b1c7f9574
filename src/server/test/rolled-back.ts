import { expect } from "vitest";
import type { Database } from "@/server/db/client";

/** Thrown inside the transaction to roll it back on purpose. */
class RolledBack extends Error {}

/**
 * Runs `write` in a transaction of `db` and rolls the transaction back, as a failure after the
 * write would: what a test of a change that never commits needs. Fails if `write` itself throws.
 */
export async function writeAndRollBack(db: Database, write: (tx: Database) => Promise<unknown>): Promise<void> {
  await expect(
    db.transaction(async (tx) => {
      await write(tx);
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
}
