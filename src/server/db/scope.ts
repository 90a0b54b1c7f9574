import { eq, ilike, sql, type Column, type SQL } from "drizzle-orm";
import type { Actor } from "../http/context";

/**
 * The tenant rule every service applies (DESIGN section 5): admins see every company's rows, a
 * customer only rows whose `companyColumn` is their company, and a customer without a company
 * none at all.
 */
export function visibleTo(actor: Actor, companyColumn: Column): SQL | undefined {
  if (actor.role === "admin") return undefined;
  return actor.companyId ? eq(companyColumn, actor.companyId) : sql`false`;
}

/** Case-insensitive substring match with the user's `%`, `_` and `\` taken literally. */
export function containsText(column: Column, q: string): SQL {
  return ilike(column, `%${q.replace(/[\\%_]/g, "\\$&")}%`);
}
