import { publicName, quoteIdent, type Sql } from "./sql";
import type { TableInfo } from "./tables";

/** A table's row count and an md5 over its rows in primary-key order. */
export interface TableChecksum {
  rows: number;
  checksum: string;
}

export type TableChecksums = Record<string, TableChecksum>;

/**
 * How values are written as text, pinned so that both sides of a comparison render a row alike:
 * a timestamp reads differently in another TimeZone, a float with other extra_float_digits.
 */
const ROW_TEXT_SETTINGS: [string, string][] = [
  ["TimeZone", "UTC"],
  ["DateStyle", "ISO, MDY"],
  ["IntervalStyle", "postgres"],
  ["extra_float_digits", "1"],
  ["bytea_output", "hex"],
];

/**
 * Counts and checksums every table, computed by the database: md5 of the md5s of each row's text,
 * in primary-key order (a row's text is the whole row, every column). Comparing two databases this
 * way reads neither into this process. Sets the settings above for the session it is given.
 */
export async function tableChecksums(sql: Sql, tables: TableInfo[]): Promise<TableChecksums> {
  await sql(`select ${ROW_TEXT_SETTINGS.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, false)`).join(", ")}`, ROW_TEXT_SETTINGS.flat());
  const checksums: TableChecksums = {};
  for (const table of tables) {
    // A table without a primary key is ordered by its rows' own hashes: the same rows, the same order.
    const order = table.primaryKey.length ? table.primaryKey.map((column) => `t.${quoteIdent(column)}`).join(", ") : "md5(t::text)";
    const [result] = await sql<{ rows: number; checksum: string }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(md5(t::text), '' order by ${order}), '')) as checksum from ${publicName(table.name)} as t`,
    );
    checksums[table.name] = result!;
  }
  return checksums;
}

/** One line per table that differs ("tickets: 3 rows (md5 …) in the source, 2 rows (md5 …) in the copy"). */
export function checksumDifferences(source: TableChecksums, copy: TableChecksums): string[] {
  const names = [...new Set([...Object.keys(source), ...Object.keys(copy)])].sort();
  const describe = (sum: TableChecksum | undefined) => (sum ? `${sum.rows} rows (md5 ${sum.checksum})` : "no such table");
  return names
    .filter((name) => source[name]?.rows !== copy[name]?.rows || source[name]?.checksum !== copy[name]?.checksum)
    .map((name) => `${name}: ${describe(source[name])} in the source, ${describe(copy[name])} in the copy`);
}
