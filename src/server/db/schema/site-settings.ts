import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { maxLength } from "./limits";

/**
 * The installation's own settings, one row at most (the key is always true). None before the
 * first run in the browser (/setup) writes it, so a fresh database stays empty for restore and
 * db:move; a missing row or a null value means "as configured" (BRAND_NAME).
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: boolean("id").primaryKey().default(true),
    brandName: text("brand_name"),
    ...timestamps(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id}`), maxLength("site_settings_brand_name_length", t.brandName, 100)],
);
