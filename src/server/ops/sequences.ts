import { publicName, quoteIdent, type Sql } from "./sql";

/**
 * Gives each sequence of schema public on the target the source's position, and moves it past the
 * largest value in the column it fills if that is further: the next row inserted must not collide
 * with a copied one. (Today every id is a UUID; this keeps a serial column added later safe.)
 */
export async function copySequences(source: Sql, target: Sql): Promise<void> {
  const sequences = await target<{ sequence: string; table: string | null; column: string | null }>(`
    select s.relname::text as sequence, t.relname::text as table, a.attname::text as column
    from pg_class s
    join pg_namespace n on n.oid = s.relnamespace
    left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.deptype in ('a', 'i')
    left join pg_class t on t.oid = d.refobjid
    left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
    where s.relkind = 'S' and n.nspname = 'public'`);
  for (const { sequence, table, column } of sequences) {
    const [state] = await source<{ last_value: string; is_called: boolean }>(`select last_value::text as last_value, is_called from ${publicName(sequence)}`);
    if (!state) continue;
    let value = BigInt(state.last_value);
    let called = state.is_called;
    if (table && column) {
      const [largest] = await target<{ max: string | null }>(`select max(${quoteIdent(column)})::text as max from ${publicName(table)}`);
      if (largest?.max != null && (BigInt(largest.max) > value || (BigInt(largest.max) === value && !called))) {
        value = BigInt(largest.max);
        called = true;
      }
    }
    await target("select setval($1::regclass, $2::bigint, $3)", [publicName(sequence), value.toString(), called]);
  }
}
