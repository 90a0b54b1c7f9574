import { sql, type Placeholder } from "drizzle-orm";
import { invoices } from "@/server/db/schema";

/**
 * Today's date (YYYY-MM-DD) in the installation's time zone (TIME_ZONE): an invoice due on the 14th
 * is overdue from the 15th where the business is, not from the 15th in UTC. Computed here and
 * passed as the statement's `today` value rather than read with now() in SQL: the embedded
 * database's read cache keys answers by their values, so a new day is a new key and yesterday's
 * answer is never served after midnight.
 */
export function todayIn(timeZone: string, at = new Date()): string {
  return dateFormatIn(timeZone).format(at);
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting with
 * one, and every invoice list and detail asks for today's date (issue 21: the invoice lists ran at
 * a third of their baseline).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  // en-CA writes dates as YYYY-MM-DD.
  if (!format) dateFormats.set(timeZone, (format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })));
  return format;
}

/** The values the overdue column's placeholder takes. */
export const overdueValues = (timeZone: string) => ({ today: todayIn(timeZone) });

/** Unpaid and due before `today` (a YYYY-MM-DD value, or the placeholder of a prepared statement). */
export const overdueOn = (today: string | Placeholder) =>
  sql<boolean>`(${invoices.status} = 'unpaid' AND ${invoices.dueDate} IS NOT NULL AND ${invoices.dueDate} < ${today}::date)`;

/** Unpaid and due before today: derived on every read, so it is never stored. */
export const overdueColumn = overdueOn(sql.placeholder("today"));
