import { timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/*
 * Columns most tables share, spread into each table (Drizzle's documented way to reuse columns).
 * Functions, not shared builder objects, so every table gets builders of its own.
 */

/** A random UUID primary key. */
export const idColumn = () => uuid("id").primaryKey().defaultRandom();

/** When the row was made; set by the database. */
export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`; the services set updatedAt on each change. */
export const timestamps = () => ({
  createdAt: createdAtColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The record a row is part of (an invoice's line, an account's session): required, and deleted with it. */
export const partOf = (name: string, parent: () => AnyPgColumn) => uuid(name).notNull().references(parent, { onDelete: "cascade" });
