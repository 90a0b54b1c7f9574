import { asc, desc, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
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
  page: number;
  pageSize: number;
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
  const { filter, table, page, pageSize } = query;
  const statement = prepared(db, query.name, (name) => {
    const where = filter.where();
    return query.select(where, cappedTotalColumn(table, where)).prepare(name);
  });
  const selected = await statement.execute({ ...filter.values, ...query.values, limit: pageSize, offset: (page - 1) * pageSize });
  const { rows, counted } = await splitTotal(selected, page, () => cappedCount(db, table, filter.whereWithValues()));
  return { rows, ...counted, page, pageSize };
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
