import { sql, type Column, type SQL } from "drizzle-orm";
import { badRequest } from "@/server/http/problem";

/**
 * Keyset pages of append-mostly logs (the audit log, ADR 027; record activity, ADR 028), newest
 * first by `(at, id)`. The cursor is the position after a page's last row: its time in
 * microseconds since the epoch (the column's own precision; a JS Date would round it to
 * milliseconds and skip or repeat rows) and its id. Opaque to clients, base64url so it travels
 * in a query string as it is.
 */
export interface KeysetCursor {
  atMicros: bigint;
  id: bigint;
}

export function encodeKeysetCursor({ atMicros, id }: KeysetCursor): string {
  return Buffer.from(`${atMicros}.${id}`, "utf8").toString("base64url");
}

const invalidCursor = () => badRequest("The cursor is not one this list gave", [{ field: "cursor", message: "Use the nextCursor of the previous page" }]);

export function decodeKeysetCursor(cursor: string): KeysetCursor {
  const match = /^(\d{1,19})\.(\d{1,19})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw invalidCursor();
  return { atMicros: BigInt(match[1]!), id: BigInt(match[2]!) };
}

/** Microseconds since the epoch, as text: the cursor's exact form of a timestamp column. */
export const micros = (at: Column) => sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text`;

/** The rows after the cursor's, newest first: `(at, id) < (cursor)`, which the `(…, at desc, id desc)` indexes answer. */
export function before(at: Column, id: Column, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const after = decodeKeysetCursor(cursor);
  return sql`(${at}, ${id}) < (timestamptz 'epoch' + ${after.atMicros.toString()}::bigint * interval '1 microsecond', ${after.id.toString()}::bigint)`;
}

/**
 * The page of `limit` rows from `limit + 1` fetched, and the cursor of the next page (null on the
 * last one).
 */
export function keysetPage<Row extends { atMicros: string; id: bigint }>(rows: Row[], limit: number): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeKeysetCursor({ atMicros: BigInt(last.atMicros), id: last.id }) : null;
  return { page, nextCursor };
}
