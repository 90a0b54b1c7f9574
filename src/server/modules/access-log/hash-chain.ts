import { sql } from "drizzle-orm";
import type { ChainVerdict } from "@/shared/schemas/access-log";
import type { Database } from "@/server/db/client";
import { rowsOf } from "@/server/db/rate-counter";

/**
 * The two kinds of hash chain (ADR 050), each hashed by its own SQL function of drizzle/0043:
 * the one audit log, and each company's access log. Fixed identifiers, never input.
 */
const chains = {
  audit: { table: sql.raw("audit_events"), hashOf: sql.raw("portico_audit_entry_hash") },
  access: { table: sql.raw("access_events"), hashOf: sql.raw("portico_access_entry_hash") },
} as const;

/** The audit log's chain. */
export const auditChain = { kind: "audit" as const, name: "audit", where: sql`true` };
/** A company's access log's chain. */
export const accessChain = (companyId: string) => ({ kind: "access" as const, name: `access:${companyId}`, where: sql`e.company_id = ${companyId}::uuid` });

type Chain = typeof auditChain | ReturnType<typeof accessChain>;

/**
 * Walks a chain in order and names its first entry that does not hold: whose content no longer
 * gives its hash (edited), whose link is not the entry before it (one removed or inserted before
 * it), or, past the last entry, a chain head that says entries are missing at the end. The oldest
 * kept entry links to the chain's base: the genesis, or the last entry retention removed.
 */
export async function verifyChain(db: Database, chain: Chain): Promise<ChainVerdict> {
  const { table, hashOf } = chains[chain.kind];
  const [found] = rowsOf<{ checked: string; id: string | null; seq: string | null; problem: "hash" | "link" | null; head_seq: string | null; head_hash: string | null; base_seq: string | null; last_seq: string | null; last_hash: string | null }>(
    await db.execute(sql`
      with head as (
        select seq, hash, base_seq, base_hash from hash_chain_heads where chain = ${chain.name}
      ), base as (
        select coalesce((select base_seq from head), 0) as base_seq, coalesce((select base_hash from head), repeat('0', 64)) as base_hash
      ), walked as (
        select e.id, e.seq, e.prev_hash, e.hash, ${hashOf}(e) as computed,
          lag(e.hash) over (order by e.seq) as before_hash, lag(e.seq) over (order by e.seq) as before_seq
        from ${table} e where ${chain.where}
      ), broken as (
        select w.id, w.seq, case when w.computed <> w.hash then 'hash' else 'link' end as problem
        from walked w cross join base b
        where w.computed <> w.hash or w.prev_hash <> coalesce(w.before_hash, b.base_hash) or w.seq <> coalesce(w.before_seq, b.base_seq) + 1
        order by w.seq limit 1
      ), last as (
        select seq, hash from walked order by seq desc limit 1
      )
      select (select count(*) from walked)::text as checked,
        (select id::text from broken) as id, (select seq::text from broken) as seq, (select problem from broken) as problem,
        (select seq::text from head) as head_seq, (select hash from head) as head_hash, (select base_seq::text from head) as base_seq,
        (select seq::text from last) as last_seq, (select hash from last) as last_hash`),
  );
  const checked = Number(found?.checked ?? 0);
  if (found?.seq) return { intact: false, checked, firstBroken: { id: found.id, seq: found.seq, problem: found.problem ?? "link" } };
  // Nothing missing at the end: the head names the last entry kept, or (nothing kept) its own base.
  const headSeq = found?.head_seq ?? null;
  const endsAtHead = checked === 0 ? headSeq === null || headSeq === found?.base_seq : headSeq === found?.last_seq && found?.head_hash === found?.last_hash;
  if (!endsAtHead) return { intact: false, checked, firstBroken: { id: null, seq: headSeq ?? found?.last_seq ?? "0", problem: "head" } };
  return { intact: true, checked, firstBroken: null };
}
