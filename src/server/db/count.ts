import { count, eq, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";
import { tableRowCounts } from "./schema";

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

const capped = (n: number): CappedCount => ({ total: Math.min(n, COUNT_CAP), totalExact: n <= COUNT_CAP });

/** Tables whose exact row count statement triggers keep in `table_row_counts` (drizzle/0006). */
const STORED_COUNTS: ReadonlySet<string> = new Set(["companies", "projects", "tickets", "invoices", "conversations", "profiles"]);

/** The stored count of a whole table, when it is one of STORED_COUNTS and nothing filters it. */
function storedCount(table: PgTable, where: SQL | undefined): SQL<number> | undefined {
  const name = getTableName(table);
  if (where || !STORED_COUNTS.has(name)) return undefined;
  return sql<number>`(select ${tableRowCounts.rowCount} from ${tableRowCounts} where ${eq(tableRowCounts.tableName, name)})`.mapWith(Number);
}

/**
 * Counts the rows of `table` matching `where`, stopping after COUNT_CAP + 1 (one aggregate query);
 * a whole counted table is read from its stored count.
 */
export async function cappedCount(db: Database, table: PgTable, where: SQL | undefined): Promise<CappedCount> {
  if (!where && STORED_COUNTS.has(getTableName(table))) {
    const [stored] = await db
      .select({ n: tableRowCounts.rowCount })
      .from(tableRowCounts)
      .where(eq(tableRowCounts.tableName, getTableName(table)));
    return capped(stored?.n ?? 0);
  }
  const rows = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("capped");
  const [row] = await db.select({ n: count() }).from(rows);
  return capped(row?.n ?? 0);
}

/**
 * The same capped count as a column of the page query, so a page and its total cost one statement
 * and one round trip instead of two (PostgreSQL runs the uncorrelated subquery once per query).
 * `where` may only name columns of `table`: inside the subquery they resolve to its own FROM.
 */
export function cappedTotalColumn(table: PgTable, where: SQL | undefined): SQL<number> {
  const stored = storedCount(table, where);
  if (stored) return stored;
  const filter = where ? sql` where ${where}` : sql``;
  return sql<number>`(select count(*) from (select 1 from ${table}${filter} limit ${COUNT_CAP + 1}) as capped)`.mapWith(Number);
}

/**
 * Takes the total off page rows selected with `fullCount: cappedTotalColumn(...)`. A page with no
 * rows carries no total: on page 1 it is 0, past the end it takes a count of its own.
 */
export async function splitTotal<Row extends { fullCount: number }>(
  rows: Row[],
  page: number,
  countAlone: () => Promise<CappedCount>,
): Promise<{ rows: Array<Omit<Row, "fullCount">>; counted: CappedCount }> {
  const first = rows[0];
  const counted = first ? capped(first.fullCount) : page === 1 ? capped(0) : await countAlone();
  return { rows: rows.map(({ fullCount: _, ...row }) => row), counted };
}
