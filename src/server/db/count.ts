import { count, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";

/**
 * Admin lists count their rows exactly up to this many, then say "10,000+". An exact count over
 * a million tickets costs 100+ ms on every page view; nobody pages through 200 pages, they search.
 */
export const COUNT_CAP = 10_000;

export interface CappedCount {
  total: number;
  /** false when there are more rows than COUNT_CAP: `total` is then a lower bound. */
  totalExact: boolean;
}

/** Counts the rows of `table` matching `where`, stopping after COUNT_CAP + 1 (one aggregate query). */
export async function cappedCount(db: Database, table: PgTable, where: SQL | undefined): Promise<CappedCount> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("capped");
  const [row] = await db.select({ n: count() }).from(capped);
  const n = row?.n ?? 0;
  return { total: Math.min(n, COUNT_CAP), totalExact: n <= COUNT_CAP };
}
