import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { invoices } from "@/server/db/schema";

const PREFIX = "INV-";
const MIN_DIGITS = 4;

/**
 * The number a new invoice is offered: the highest `INV-<digits>` plus one, at least four digits
 * (`INV-0001` when there is none). Numbers in any other form are the admins' own and are skipped.
 * Counted as numeric in SQL and bigint here, so a long run of digits neither overflows nor rounds.
 * A suggestion only: the unique index still decides when two admins take the same one.
 */
export async function nextInvoiceNumber(db: Pick<Database, "select">): Promise<string> {
  const [row] = await db
    .select({ highest: sql<string | null>`max(substring(${invoices.invoiceNumber} from '^INV-([0-9]+)$')::numeric)::text` })
    .from(invoices);
  const next = BigInt(row?.highest ?? "0") + 1n;
  return `${PREFIX}${next.toString().padStart(MIN_DIGITS, "0")}`;
}
