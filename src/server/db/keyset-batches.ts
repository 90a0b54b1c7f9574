import { and, eq, gt, gte, lt, lte, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { creationOrder } from "./paged-list";

/** Rows per query: large enough that the round trips do not dominate, small enough to hold in memory. */
export const KEYSET_BATCH_SIZE = 1000;

/** Where a batch ended: the columns `keysetColumns` adds to a batch's select. */
export interface KeysetPosition {
  /**
   * The creation time as PostgreSQL writes it, offset included. Not a Date: timestamptz keeps
   * microseconds and a Date only milliseconds, so a cursor made from a Date would skip or repeat
   * the rows created within the same millisecond.
   */
  keysetAt: string;
  keysetId: string;
}

export interface KeysetQuery<Row extends KeysetPosition> {
  createdAt: AnyColumn;
  id: AnyColumn;
  /** The list's direction: as `creationOrder` orders it (newest first for `desc`). */
  sort: "asc" | "desc";
  batchSize?: number;
  /**
   * One batch: select at least `keysetColumns(createdAt, id)`, restricted by the list's filter and
   * by `after` (undefined for the first batch), ordered by `orderBy`, at most `limit` rows.
   */
  batch(query: { after: SQL | undefined; orderBy: SQL[]; limit: number }): Promise<Row[]>;
}

/** The columns every batch must select, so the next batch knows where to start. */
export const keysetColumns = (createdAt: AnyColumn, id: AnyColumn) => ({
  keysetAt: sql<string>`${createdAt}::text`.as("keyset_at"),
  keysetId: sql<string>`${id}::text`.as("keyset_id"),
});

/** The rows after `last` in creationOrder: (created_at desc, id asc) or (created_at asc, id desc). */
function after(query: KeysetQuery<KeysetPosition>, last: KeysetPosition): SQL {
  const at = sql`${last.keysetAt}::timestamptz`;
  const { createdAt, id } = query;
  // The outer bound alone is a range on the (created_at, id) index; the OR only sorts out the ties.
  return query.sort === "desc"
    ? and(lte(createdAt, at), or(lt(createdAt, at), and(eq(createdAt, at), gt(id, last.keysetId))))!
    : and(gte(createdAt, at), or(gt(createdAt, at), and(eq(createdAt, at), lt(id, last.keysetId))))!;
}

/**
 * A whole list, in batches of `batchSize` in its order, each one query that starts where the
 * previous one ended (keyset pagination): memory stays one batch however long the list, and a
 * batch deep in the list costs what the first does (an OFFSET would read every row before it).
 * Plain queries, no cursor or transaction: they work alike on node-postgres and PGlite, and a
 * slow reader holds no connection between batches (PGlite has only one). So the list is not one
 * snapshot: a row written during the read appears if it sorts after the current position.
 */
export async function* keysetBatches<Row extends KeysetPosition>(query: KeysetQuery<Row>): AsyncGenerator<Row[], void, undefined> {
  const limit = query.batchSize ?? KEYSET_BATCH_SIZE;
  const orderBy = creationOrder(query.sort, query.createdAt, query.id);
  let position: SQL | undefined;
  for (;;) {
    const rows = await query.batch({ after: position, orderBy, limit });
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    position = after(query, rows.at(-1)!);
  }
}

/** The rows of `batches` one by one. */
export async function* eachRow<Row>(batches: AsyncIterable<Row[]>): AsyncGenerator<Row, void, undefined> {
  for await (const batch of batches) yield* batch;
}
