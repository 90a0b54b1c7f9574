import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import type { ChangeRecorder } from "@/server/changes/change";
import type { Database } from "@/server/db/client";
import { invoiceReminders, invoices } from "@/server/db/schema";
import { overdueOn, todayIn } from "../invoices/overdue";

/** Invoices claimed per transaction: a backlog (the first run after an upgrade) goes out in steps. */
const BATCH = 100;

/**
 * How long after its due date an invoice is still news. The first run after an upgrade, or on
 * invoices imported with their history, would otherwise remind every member of every invoice left
 * unpaid years ago; a server that was down a few days still catches up on the ones it missed.
 */
export const OVERDUE_REMINDER_WINDOW_DAYS = 14;

/**
 * Tells the members of each company once that an invoice of theirs is overdue (issue 17): due
 * before today in TIME_ZONE, at most OVERDUE_REMINDER_WINDOW_DAYS ago, and still unpaid. The claim is a row in `invoice_reminders`, written
 * with the notifications in one transaction, so with several processes each invoice is reminded
 * exactly once and a process that dies mid-run leaves nothing half done. Returns how many invoices
 * were reminded.
 */
export async function remindOverdueInvoices(
  { db, timeZone, record }: { db: Database; timeZone: string; record: ChangeRecorder },
  now = new Date(),
): Promise<number> {
  const today = todayIn(timeZone, now);
  let reminded = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const reminded = tx.select({ one: sql`1` }).from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoices.id));
      const due = tx
        .select({ invoiceId: invoices.id, remindedAt: sql<Date>`now()`.as("reminded_at") })
        .from(invoices)
        .where(and(overdueOn(today), sql`${invoices.dueDate} >= ${today}::date - ${OVERDUE_REMINDER_WINDOW_DAYS}::int`, notExists(reminded)))
        .orderBy(invoices.dueDate, invoices.id)
        .limit(BATCH);
      // Another process claiming the same invoice waits for this commit, then skips it.
      const rows = await tx.insert(invoiceReminders).select(due).onConflictDoNothing().returning({ invoiceId: invoiceReminders.invoiceId });
      const claimedInvoices = rows.length
        ? await tx.select({ id: invoices.id, companyId: invoices.companyId }).from(invoices).where(inArray(invoices.id, rows.map((row) => row.invoiceId)))
        : [];
      for (const invoice of claimedInvoices) {
        // With the claim (ADR 038, 040): its members are told, and the invoice's screens show it overdue, whoever dies when.
        await record(tx, { invoiceOverdue: { companyId: invoice.companyId, invoiceId: invoice.id }, announce: { kind: "invoice", companyId: invoice.companyId, id: invoice.id } });
      }
      return claimedInvoices;
    });
    reminded += claimed.length;
    if (claimed.length < BATCH) return reminded;
  }
}
