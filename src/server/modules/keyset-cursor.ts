import { sql, type Column, type SQL, type SQLWrapper } from "drizzle-orm";
import { badRequest } from "@/server/http/problem";

/**
 * Keyset pages: of append-mostly logs (the audit log, ADR 027; record activity, ADR 028;
 * notifications), newest first by `(at, id)` with bigint ids, and of the ticket list (ADR 033),
 * by `(created_at, id)` with uuid ids. The cursor is the position after a page's last row: its
 * time in microseconds since the epoch (the column's own precision; a JS Date would round it to
 * milliseconds and skip or repeat rows) and its id. Opaque to clients, base64url so it travels
 * in a query string as it is.
 */
export interface KeysetCursor<Id extends bigint | string = bigint> {
  atMicros: bigint;
  id: Id;
}

/** How a list's ids are written in its cursors: what a well-formed one looks like, and its value. */
export interface KeysetIds<Id extends bigint | string> {
  pattern: RegExp;
  parse(text: string): Id;
}

const BIGINT_MAX = 2n ** 63n - 1n;
/** The logs' bigint identity columns; beyond int8 a cursor is not one of ours (and would fail as SQL). */
export const bigintIds: KeysetIds<bigint> = { pattern: /^\d{1,19}$/, parse: BigInt };
/** Records' random uuids, as PostgreSQL writes them (lower case). */
export const uuidIds: KeysetIds<string> = { pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, parse: (text) => text };

/** 9999-12-31T23:59:59.999999Z: later times are no row's, and would overflow the SQL that reads them. */
const MAX_AT_MICROS = 253_402_300_799_999_999n;

export function encodeKeysetCursor({ atMicros, id }: KeysetCursor<bigint | string>): string {
  return Buffer.from(`${atMicros}.${id}`, "utf8").toString("base64url");
}

const invalidCursor = () => badRequest("The cursor is not one this list gave", [{ field: "cursor", message: "Use the nextCursor of the previous page" }]);

export function decodeKeysetCursor(cursor: string): KeysetCursor;
export function decodeKeysetCursor<Id extends bigint | string>(cursor: string, ids: KeysetIds<Id>): KeysetCursor<Id>;
export function decodeKeysetCursor(cursor: string, ids: KeysetIds<bigint | string> = bigintIds): KeysetCursor<bigint | string> {
  const match = /^(\d{1,18})\.(.+)$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match || !ids.pattern.test(match[2]!)) throw invalidCursor();
  const atMicros = BigInt(match[1]!);
  const id = ids.parse(match[2]!);
  if (atMicros > MAX_AT_MICROS || (typeof id === "bigint" && id > BIGINT_MAX)) throw invalidCursor();
  return { atMicros, id };
}

/** Microseconds since the epoch, as text: the cursor's exact form of a timestamp column. */
export const micros = (at: Column) => sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text`;

/** The timestamp `micros` wrote, back as a timestamptz (`atMicros` is SQL: a value or a placeholder). */
export const fromMicros = (atMicros: SQLWrapper | string) => sql`(timestamptz 'epoch' + ${atMicros}::bigint * interval '1 microsecond')`;

/** The rows after the cursor's, newest first: `(at, id) < (cursor)`, which the `(…, at desc, id desc)` indexes answer. */
export function before(at: Column, id: Column, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const after = decodeKeysetCursor(cursor);
  return sql`(${at}, ${id}) < (${fromMicros(after.atMicros.toString())}, ${after.id.toString()}::bigint)`;
}

/**
 * The page of `limit` rows from `limit + 1` fetched, and the cursor of the next page (null on the
 * last one).
 */
export function keysetPage<Row extends { atMicros: string; id: bigint | string }>(rows: Row[], limit: number): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeKeysetCursor({ atMicros: BigInt(last.atMicros), id: last.id }) : null;
  return { page, nextCursor };
}
