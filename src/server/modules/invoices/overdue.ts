import { sql } from "drizzle-orm";
import { invoices } from "@/server/db/schema";

/**
 * Today in the installation's time zone (TIME_ZONE), as a placeholder so one prepared statement
 * serves every zone: an invoice due on the 14th is overdue from the 15th where the business is,
 * not from the 15th in UTC. The statement's values carry `timeZone`.
 */
export const todayInTimeZone = sql`(now() AT TIME ZONE ${sql.placeholder("timeZone")})::date`;

/** Unpaid and due before today: derived on every read, so it is never stale and never stored. */
export const overdueColumn = sql<boolean>`(${invoices.status} = 'unpaid' AND ${invoices.dueDate} IS NOT NULL AND ${invoices.dueDate} < ${todayInTimeZone})`;
