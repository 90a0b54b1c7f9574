import { bigint, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Exact row counts of the tables admin lists page through (companies, projects, tickets, invoices,
 * conversations, profiles), kept current by statement triggers on those tables (drizzle/0006; ADR 010), so
 * an unfiltered list's total is one primary-key lookup.
 */
export const tableRowCounts = pgTable("table_row_counts", {
  tableName: text("table_name").primaryKey(),
  rowCount: bigint("row_count", { mode: "number" }).notNull(),
});
