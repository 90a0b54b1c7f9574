import { and, asc, desc, eq, gt, gte, lt, lte, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";
import { cappedCount, cappedTotalColumn, splitTotal, type CappedCount } from "./count";
import { prepared } from "./prepared";

/** A WHERE clause with placeholders plus their values (a ListFilter is one). */
export interface PlaceholderWhere {
  readonly values: Record<string, unknown>;
  where(): SQL | undefined;
  whereWithValues(): SQL | undefined;
}

interface PreparedPage<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
  getQuery(): { sql: string };
}

export interface PagedListQuery<Row extends { fullCount: number }> {
  /** The prepared statement's name: must identify the SQL exactly (prepared.ts). */
  name: string;
  /** The table whose rows are counted for the total (the page may join others). */
  table: PgTable;
  filter: PlaceholderWhere;
  /** Which page, and how long: usually the list's query as it came. */
  paging: { page: number; pageSize: number };
  /** Values of placeholders the select adds beyond the filter's, `limit` and `offset`. */
  values?: Record<string, unknown>;
  /**
   * The page query, built once per statement name: it must apply `where`, select `fullCount` as
   * a column, and take `limit` and `offset` placeholders.
   */
  select(where: SQL | undefined, fullCount: SQL<number>): { prepare(name: string): PreparedPage<Row> };
}

export interface PagedRows<Row> extends CappedCount {
  rows: Row[];
  page: number;
  pageSize: number;
}

/**
 * The routine of every list: one prepared statement answers a page and its capped total together
 * (ADR 010), and a page past the end counts on its own.
 */
export async function pagedList<Row extends { fullCount: number }>(
  db: Database,
  query: PagedListQuery<Row>,
): Promise<PagedRows<Omit<Row, "fullCount">>> {
  const { page, pageSize } = query.paging;
  const { rows, counted } = await selectPage(db, query, undefined, pageSize);
  return { rows, ...counted, page, pageSize };
}

export interface KeysetPagedListQuery<Row extends { fullCount: number }> extends PagedListQuery<Row> {
  /**
   * The condition of the rows after a cursor's position (`afterInCreationOrder`, its placeholders'
   * values in `values`), which replaces the offset; undefined to start at `page`. The statement's
   * name must say whether it is there.
   */
  after: SQL | undefined;
  /** The cursor of the position after this row, for `nextCursor`. */
  cursorOf(row: Omit<Row, "fullCount">): string;
  /**
   * When one item spans several rows next to each other (a conversation with its newest messages),
   * the key they share: the page is then `pageSize` items, and `limit` counts items. One row, one
   * item, when left out.
   */
  itemKey?(row: Omit<Row, "fullCount">): unknown;
}

export interface KeysetPagedRows<Row> extends PagedRows<Row> {
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

/**
 * A list that pages by number and by cursor (ADR 033): the page after a cursor starts with an
 * index range instead of reading and dropping every row before it, so it costs what page 1 costs
 * at any depth. One row more than the page is fetched to know whether another page follows, and
 * every page, by number or by cursor, says where the next one starts. The total is always the
 * whole filtered list's, as page 1 counts it.
 */
export async function keysetPagedList<Row extends { fullCount: number }>(
  db: Database,
  query: KeysetPagedListQuery<Row>,
): Promise<KeysetPagedRows<Omit<Row, "fullCount">>> {
  const { pageSize } = query.paging;
  const { rows, counted } = await selectPage(db, query, query.after, pageSize + 1);
  const { page, more } = firstItems(rows, pageSize, query.itemKey);
  const last = page.at(-1);
  const nextCursor = more && last ? query.cursorOf(last) : null;
  // A cursor page is not numbered: counting the rows before it would cost the offset it avoids.
  return { rows: page, ...counted, page: query.after ? 1 : query.paging.page, pageSize, nextCursor };
}

/** The rows of the first `count` items, and whether another item follows them. */
function firstItems<Row>(rows: Row[], count: number, itemKey?: (row: Row) => unknown): { page: Row[]; more: boolean } {
  if (!itemKey) return { page: rows.slice(0, count), more: rows.length > count };
  const keys = new Set<unknown>();
  const page: Row[] = [];
  for (const row of rows) {
    const key = itemKey(row);
    if (!keys.has(key)) {
      if (keys.size === count) return { page, more: true };
      keys.add(key);
    }
    page.push(row);
  }
  return { page, more: false };
}

async function selectPage<Row extends { fullCount: number }>(db: Database, query: PagedListQuery<Row>, after: SQL | undefined, limit: number) {
  const { filter, table } = query;
  const { page, pageSize } = query.paging;
  const statement = prepared(db, query.name, (name) => {
    const where = filter.where();
    // The total counts the filtered list, never only what follows the cursor.
    return query.select(and(where, after), cappedTotalColumn(table, where)).prepare(name);
  });
  const offset = after ? 0 : (page - 1) * pageSize;
  const selected = await statement.execute({ ...filter.values, ...query.values, limit, offset });
  const countAlone = () => cappedCount(db, table, filter.whereWithValues());
  // Only the list's first page may read "no rows" as "none at all"; after a cursor, as past the end, it counts alone.
  if (after && selected.length === 0) return { rows: [], counted: await countAlone() };
  return splitTotal(selected, page, countAlone);
}

/**
 * A list's page as the subquery `page`, its `limit` and `offset` left as placeholders so one
 * prepared statement serves every page (`pagedList` fills them in). The lists that join their
 * counts or names to the page's rows only select from it (pass the query `$dynamic()`).
 */
export function pageSubquery<Query extends PgSelect>(query: Query) {
  return query.limit(sql.placeholder("limit")).offset(sql.placeholder("offset")).as("page");
}

/**
 * The order of every list by creation: newest first (oldest with `asc`), the id breaking ties the
 * other way, as the (created_at desc, id) indexes are laid out so either direction is one index scan.
 * `first` orders before the creation time (the customer's invoices go by issue date first).
 */
export function creationOrder(sort: "asc" | "desc", createdAt: AnyColumn, id: AnyColumn, first: AnyColumn[] = []): SQL[] {
  const direction = sort === "asc" ? asc : desc;
  return [...first.map((column) => direction(column)), direction(createdAt), sort === "asc" ? desc(id) : asc(id)];
}

/**
 * The rows after a position in `creationOrder(sort, createdAt, id)` (no `first` columns): for
 * newest first `created_at <= at` and, at that very time, a greater id; for oldest first the
 * mirror. The outer bound alone is the index range (`created_at desc, id` read forwards or
 * backwards); the OR only sorts out the rows of the position's own instant. A row comparison
 * `(created_at, id) < (…)` cannot say it, the two columns going opposite ways.
 */
export function afterInCreationOrder(sort: "asc" | "desc", createdAt: AnyColumn, id: AnyColumn, position: { at: SQL; id: SQL }): SQL {
  const { at } = position;
  return sort === "desc"
    ? and(lte(createdAt, at), or(lt(createdAt, at), and(eq(createdAt, at), gt(id, position.id))))!
    : and(gte(createdAt, at), or(gt(createdAt, at), and(eq(createdAt, at), lt(id, position.id))))!;
}
