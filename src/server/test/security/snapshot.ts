import { asc, getTableName, sql } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "@/server/db/client";
import {
  accounts,
  companies,
  companyUsers,
  fileChunks,
  fileObjectDeletions,
  files,
  invoices,
  messages,
  notificationPreferences,
  profiles,
  projectComments,
  projects,
  ticketComments,
  tickets,
  timeEntries,
  userRoles,
} from "@/server/db/schema";

/**
 * The tables a request could change, read whole: all but sessions and rate-limit counters, which
 * each request may legitimately touch, and the file chunks, whose bytes are read only by size.
 */
const wholeTables: PgTable[] = [
  companies,
  companyUsers,
  projects,
  projectComments,
  tickets,
  ticketComments,
  invoices,
  messages,
  profiles,
  accounts,
  userRoles,
  files,
  fileObjectDeletions,
  notificationPreferences,
  timeEntries,
];

/** A table's primary key, whether one column or several: the order that makes a snapshot stable. */
function primaryKeyOf(table: PgTable): PgColumn[] {
  const { columns, primaryKeys } = getTableConfig(table);
  const single = columns.filter((column) => column.primary);
  return single.length > 0 ? single : primaryKeys[0]!.columns;
}

const inKeyOrder = (table: PgTable) => primaryKeyOf(table).map((column) => asc(column));

/**
 * Every row of every table a request could change, in primary-key order, by table name. Two equal
 * snapshots mean nothing was written: no row added, removed or changed in any column.
 */
export async function snapshot(db: Database): Promise<Record<string, unknown[]>> {
  const [whole, chunks] = await Promise.all([
    Promise.all(wholeTables.map(async (table) => [getTableName(table), await db.select().from(table).orderBy(...inKeyOrder(table))] as const)),
    // The bytes only by their size: equal rows and sizes mean no chunk was added, removed or replaced.
    db.select({ fileId: fileChunks.fileId, seq: fileChunks.seq, bytes: sql<number>`octet_length(${fileChunks.data})` }).from(fileChunks).orderBy(...inKeyOrder(fileChunks)),
  ]);
  return { ...Object.fromEntries(whole), [getTableName(fileChunks)]: chunks };
}

/** Row counts per table, for failure messages that say at a glance what changed. */
export const rowCounts = (snap: Record<string, unknown[]>) => Object.fromEntries(Object.entries(snap).map(([table, rows]) => [table, rows.length]));
