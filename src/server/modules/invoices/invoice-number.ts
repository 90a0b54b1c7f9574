import { Problem } from "@/server/http/problem";
import { desc, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { invoices } from "@/server/db/schema";

/** The series offered when no invoice ends in a number yet: INV-0001, INV-0002… */
const FIRST_SERIES = { prefix: "INV-", width: 4 };

/** "INV-2026-017" is the series "INV-2026-" at its 17th, written with three digits; a number without trailing digits is of no series. */
const seriesOf = (invoiceNumber: string) => {
  const match = /^(.*?)(\d+)$/.exec(invoiceNumber);
  return match ? { prefix: match[1]!, width: match[2]!.length } : undefined;
};

/**
 * The number a new invoice is offered: the series in use continued, that of the invoice most
 * recently created whose number ends in digits (after INV-2026-017 comes INV-2026-018). Within
 * the series it is the highest plus one, written with at least as many digits as that latest one
 * (INV-0999 → INV-1000, INV-9999 → INV-10000). With no such invoice yet: INV-0001.
 *
 * The prefix is compared as text (`left`), never as a pattern, so any character may be in it.
 * Counted as numeric in SQL and bigint here, so a long run of digits neither overflows nor rounds.
 * A suggestion only: the unique index still decides when two admins take the same one.
 */
export async function nextInvoiceNumber(db: Pick<Database, "select">): Promise<string> {
  const [latest] = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(sql`${invoices.invoiceNumber} ~ '[0-9]$'`)
    // The order of invoices_created_at_idx, so the newest numbered invoice is read off the index.
    .orderBy(desc(invoices.createdAt), invoices.id)
    .limit(1);
  const { prefix, width } = (latest && seriesOf(latest.invoiceNumber)) ?? FIRST_SERIES;
  // The casts matter: `substring(text from text)` would read the position as a regular expression.
  const digits = sql`substring(${invoices.invoiceNumber} from ${prefix.length + 1}::int)`;
  const [row] = await db
    .select({ highest: sql<string | null>`max(${digits}::numeric)::text` })
    .from(invoices)
    .where(sql`left(${invoices.invoiceNumber}, ${prefix.length}::int) = ${prefix} and ${digits} ~ '^[0-9]+$'`);
  const next = BigInt(row?.highest ?? "0") + 1n;
  return `${prefix}${next.toString().padStart(width, "0")}`;
}

/** How often a number chosen by the server is chosen again after another invoice took it first. */
const NUMBER_ATTEMPTS = 5;

/**
 * Runs `create` with the next number of the series, again when another write took that number
 * between the choice and the insert (409 from the unique index): the create's savepoint rolled
 * back, the other's invoice is committed, and the next choice reads past it.
 */
export async function withNextNumber<T>(create: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof Problem && error.status === 409) || attempt >= NUMBER_ATTEMPTS) throw error;
    }
  }
}
