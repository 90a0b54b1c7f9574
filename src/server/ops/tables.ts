import { publicName, type Sql } from "./sql";

/** An application table as the catalog describes it. */
export interface TableInfo {
  name: string;
  /** Primary key columns in key order; empty when the table has none. */
  primaryKey: string[];
  /** Columns an INSERT may set (not generated), in table order. */
  columns: string[];
}

/**
 * Tables whose rows the migrations write themselves (0006 seeds one row count per counted table),
 * so a freshly migrated, never used database has rows there. They say nothing about whether the
 * database holds anyone's data.
 */
export const TABLES_THE_MIGRATIONS_FILL = new Set(["table_row_counts"]);

/**
 * The base tables of schema public, by name. Drizzle's bookkeeping (`drizzle.__drizzle_migrations`)
 * is in its own schema and so never listed: a target gets it from running the migrations, and it
 * must not be copied a second time. Tables that belong to an extension are left out too.
 */
export async function applicationTables(sql: Sql): Promise<TableInfo[]> {
  const rows = await sql<{ name: string; primary_key: string[]; columns: string[] }>(`
    select c.relname::text as name,
      coalesce((
        select array_agg(a.attname::text order by k.position)
        from pg_index i
        cross join unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where i.indrelid = c.oid and i.indisprimary
      ), '{}') as primary_key,
      coalesce((
        select array_agg(a.attname::text order by a.attnum)
        from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      ), '{}') as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    order by c.relname`);
  return rows.map((row) => ({ name: row.name, primaryKey: row.primary_key, columns: row.columns }));
}

/**
 * The tables that hold rows, with their counts, leaving out TABLES_THE_MIGRATIONS_FILL: "is this
 * database empty?" for restore and db:move. A database without Portico's tables is empty.
 */
export async function tablesWithRows(sql: Sql): Promise<{ name: string; rows: number }[]> {
  const found: { name: string; rows: number }[] = [];
  for (const table of await applicationTables(sql)) {
    if (TABLES_THE_MIGRATIONS_FILL.has(table.name)) continue;
    const [counted] = await sql<{ rows: number }>(`select count(*)::int as rows from ${publicName(table.name)}`);
    if (counted && counted.rows > 0) found.push({ name: table.name, rows: counted.rows });
  }
  return found;
}

/** "profiles (2 rows), companies (1 row)": what a refusal names. */
export function describeRows(tables: { name: string; rows: number }[]): string {
  return tables.map((table) => `${table.name} (${table.rows} ${table.rows === 1 ? "row" : "rows"})`).join(", ");
}

/**
 * Table names ordered so that every table comes after the tables its foreign keys point to: rows
 * inserted in this order satisfy each reference as they land (a deferrable reference of a table to
 * itself aside: the copy defers it). A table that refers to itself otherwise, or
 * tables that refer to each other in a circle, have no such order; that stops here, before anything
 * is written, instead of failing half way.
 */
export async function parentsFirst(sql: Sql, tables: TableInfo[]): Promise<string[]> {
  const references = await sql<{ child: string; parent: string }>(`
    select distinct child.relname::text as child, parent.relname::text as parent
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where k.contype = 'f' and n.nspname = 'public'
      -- A deferrable reference of a table to itself (an invoice that replaces another) is checked at
      -- COMMIT by a copy that defers its constraints: it puts no order on the tables.
      and not (k.conrelid = k.confrelid and k.condeferrable)`);
  const parentsOf = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const { child, parent } of references) if (parentsOf.has(parent)) parentsOf.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table.name) && [...parentsOf.get(table.name)!].every((parent) => placed.has(parent)));
    if (ready.length === 0) {
      const stuck = tables.filter((table) => !placed.has(table.name)).map((table) => table.name);
      throw new Error(`Cannot order the copy: the foreign keys of ${stuck.join(", ")} form a cycle (or a table refers to itself).`);
    }
    for (const table of ready) {
      ordered.push(table.name);
      placed.add(table.name);
    }
  }
  return ordered;
}
