import { uuid } from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { companies } from "./companies";

/*
 * Foreign keys several tables declare alike. Functions, like the columns in ./columns, so every
 * table gets builders of its own.
 */

/**
 * The company a row belongs to. Its records go with a deleted company (`cascade`), except those a
 * company must not lose by accident (`restrict`: an invoice).
 */
export const companyIdColumn = (onDelete: "cascade" | "restrict") =>
  uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete });

/** A person the row names (an author, an assignee). The row outlives their account and then names nobody. */
export const personColumn = (name: string) => uuid(name).references(() => profiles.id, { onDelete: "set null" });
