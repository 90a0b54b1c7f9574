import { eq, sql, type Column } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { invoices, projects, quotes, tickets } from "@/server/db/schema";

/** The columns by which a row names a project, a ticket, an invoice or a quote: at most one is set (each table's CHECK). */
export interface RecordIdColumns {
  projectId: Column;
  ticketId: Column;
  invoiceId: Column;
  quoteId: Column;
}

/**
 * What the record a row names is called now, from the tables joinNamedRecords joins: renamed
 * since, it reads under its new name. A row names one record at most, so the one name found is its.
 */
export const recordName = sql<string>`coalesce(${projects.name}, ${tickets.title}, ${invoices.invoiceNumber}, ${quotes.quoteNumber})`;

/**
 * Joins the record a row names (an activity entry, a notification) by its ids, for recordName and
 * `projects.slug` (a project's link).
 */
export function joinNamedRecords<Q extends PgSelect>(query: Q, ids: RecordIdColumns) {
  return query
    .leftJoin(projects, eq(projects.id, ids.projectId))
    .leftJoin(tickets, eq(tickets.id, ids.ticketId))
    .leftJoin(invoices, eq(invoices.id, ids.invoiceId))
    .leftJoin(quotes, eq(quotes.id, ids.quoteId));
}
