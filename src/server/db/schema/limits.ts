import { sql } from "drizzle-orm";
import { check, type PgColumn } from "drizzle-orm/pg-core";

/**
 * A CHECK that `column` holds at most `max` characters (null passes). The API's zod contracts
 * already refuse longer input; this is the floor under every other path (Better Auth's own
 * endpoints, scripts, a future route that forgets), so no row can make a list answer unbounded.
 * char_length counts code points, never more than the UTF-16 units zod counts, so it is never
 * stricter than the contract.
 */
export function maxLength(name: string, column: PgColumn, max: number) {
  return check(name, sql`char_length(${column}) <= ${sql.raw(String(max))}`);
}

/** A CHECK that `column` is not empty or white space only (null passes); the API stores trimmed text. */
export function notBlank(name: string, column: PgColumn) {
  return check(name, sql`length(btrim(${column})) > 0`);
}
