import { sql } from "drizzle-orm";
import type { ChainVerdict } from "@/shared/schemas/access-log";
import type { Database } from "@/server/db/client";
import { rowsOf } from "@/server/db/rate-counter";
import { accessChain, auditChain, verifyChain } from "./hash-chain";

export interface ChainReport {
  /** `audit`, or `access:<company id>`. */
  chain: string;
  verdict: ChainVerdict;
}

/**
 * Every hash chain of the installation (ADR 050): the audit log's and each company's access log,
 * the ones with entries and the ones whose head says they should have some. `npm run audit:verify`
 * prints it; nothing here writes.
 */
export async function verifyAllChains(db: Database): Promise<ChainReport[]> {
  const companies = rowsOf<{ company_id: string }>(
    await db.execute(sql`
      select distinct company_id::text as company_id from access_events
      union select substr(chain, 8) from hash_chain_heads where chain like 'access:%'
      order by 1`),
  );
  const reports: ChainReport[] = [{ chain: auditChain.name, verdict: await verifyChain(db, auditChain) }];
  for (const { company_id } of companies) {
    const chain = accessChain(company_id);
    reports.push({ chain: chain.name, verdict: await verifyChain(db, chain) });
  }
  return reports;
}

/** One line per chain, as the script prints it: intact, or the first entry that does not hold. */
export function describeReport({ chain, verdict }: ChainReport): string {
  if (verdict.intact) return `${chain}: intact (${verdict.checked} entries)`;
  const broken = verdict.firstBroken!;
  const entry = broken.id === null ? `after entry seq ${broken.seq}` : `entry id ${broken.id} (seq ${broken.seq})`;
  const why = { hash: "its content does not give its hash: it was changed", link: "it does not link to the entry before it: an entry was removed or inserted", head: "entries are missing at the end" }[broken.problem];
  return `${chain}: BROKEN at ${entry}: ${why}`;
}
