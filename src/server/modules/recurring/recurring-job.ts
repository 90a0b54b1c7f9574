import { and, asc, eq, lte } from "drizzle-orm";
import { addDays, standingAt } from "@/shared/rules/recurring";
import type { Actor } from "@/server/actor";
import { adminActorOf } from "@/server/actor-row";
import type { Database } from "@/server/db/client";
import { recurringInvoiceRuns, recurringInvoices } from "@/server/db/schema";
import { Problem } from "@/server/http/problem";
import type { Logger } from "@/server/observability/logger";
import { startPeriodicJob, type PeriodicJob } from "@/server/ops/periodic-job";
import type { ServiceContext } from "../context";
import { nextInvoiceNumber } from "../invoices/invoice-number";
import { createInvoice } from "../invoices/invoice-writes";
import { todayIn } from "../invoices/overdue";

export interface RecurringJobDeps {
  /** This process's database: its transactions are the job's. */
  db: Database;
  /** A ServiceContext acting as `actor` (http/service-context.ts serviceContextOf). */
  contextFor: (actor: Actor) => ServiceContext;
  timeZone: string;
  log: Logger;
}

type AfterCommit = (committed: ServiceContext) => Promise<unknown>;

/** How often one round tries a period again after it lost an invoice number to another process. */
const NUMBER_ATTEMPTS = 5;

/**
 * Issues every recurring invoice whose date has come by `now` in TIME_ZONE's calendar, each period
 * once, oldest first: after downtime, each missed period is issued on its own, dated for its
 * period (ADR 048). Every process runs it; each period is issued in one transaction that holds its
 * schedule's row (`FOR UPDATE SKIP LOCKED`: another process takes another schedule or waits for
 * the next round) and claims the period in `recurring_invoice_runs`, whose primary key no second
 * issue passes. A process killed mid-issue has committed nothing. Answers how many were issued.
 */
export async function issueDueRecurringInvoices(deps: RecurringJobDeps, now = new Date()): Promise<number> {
  const today = todayIn(deps.timeZone, now);
  let issued = 0;
  let conflicts = 0;
  for (;;) {
    try {
      const outcome = await issueNextPeriod(deps, today);
      if (outcome === "none") return issued;
      if (outcome === "issued") issued++;
    } catch (error) {
      // Two processes took the same next invoice number: the unique index refused one, whose
      // transaction rolled back whole. The other's number is committed now; try again.
      if (!(error instanceof Problem && error.status === 409) || ++conflicts > NUMBER_ATTEMPTS) throw error;
    }
  }
}

async function issueNextPeriod(deps: RecurringJobDeps, today: string): Promise<"none" | "issued" | "paused"> {
  const deferred: AfterCommit[] = [];
  let issuer: Actor | undefined;
  const outcome = await deps.db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(recurringInvoices)
      .where(and(eq(recurringInvoices.status, "active"), lte(recurringInvoices.nextIssueDate, today)))
      .orderBy(asc(recurringInvoices.nextIssueDate), asc(recurringInvoices.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return "none" as const;
    // The admin a schedule issues for, as they are now; none once they are gone or no longer an admin.
    issuer = await adminActorOf(tx, due.createdBy);
    if (!issuer) {
      // Nobody may issue it now: paused, for an admin to resume (and so take it over), not retried every round.
      await tx.update(recurringInvoices).set({ status: "paused", nextIssueDate: null, updatedAt: new Date() }).where(eq(recurringInvoices.id, due.id));
      deps.log.warn({ event: "recurring.paused_without_issuer", recurringInvoiceId: due.id }, "recurring invoices: the admin who set this schedule up is no longer an admin; it is paused");
      return "paused" as const;
    }
    const period = due.nextIssueDate!;
    const [claimed] = await tx
      .insert(recurringInvoiceRuns)
      .values({ recurringInvoiceId: due.id, periodDate: period })
      .onConflictDoNothing()
      .returning({ periodDate: recurringInvoiceRuns.periodDate });
    if (claimed) {
      const ctx: ServiceContext = { ...deps.contextFor(issuer), db: tx, deferUntilCommit: (task) => deferred.push(task) };
      const invoice = await createInvoice(ctx, {
        companyId: due.companyId,
        invoiceNumber: await nextInvoiceNumber(tx),
        issueDate: period,
        dueDate: due.dueDays === null ? null : addDays(period, due.dueDays),
        status: due.issueStatus,
        lines: due.lines,
        notes: due.notes,
        allowPartialPayment: false,
      });
      await tx.update(recurringInvoiceRuns).set({ invoiceId: invoice.id }).where(and(eq(recurringInvoiceRuns.recurringInvoiceId, due.id), eq(recurringInvoiceRuns.periodDate, period)));
    }
    const issued = due.issuedCount + (claimed ? 1 : 0);
    await tx
      .update(recurringInvoices)
      .set({ ...standingAt(due, { index: due.nextIndex + 1, issued }), issuedCount: issued, updatedAt: new Date() })
      .where(eq(recurringInvoices.id, due.id));
    return "issued" as const;
  });
  // An issued invoice's PDF follows the commit, as for an idempotent create.
  if (issuer) for (const task of deferred) await task(deps.contextFor(issuer));
  return outcome;
}

/** Midnight in TIME_ZONE is when a date comes: a look every five minutes issues it soon after. */
const RECURRING_LOOK_MS = 5 * 60_000;

/** The job in this process (server.ts); the tests call issueDueRecurringInvoices themselves, with the `now` they need. */
export function startRecurringInvoiceJob(deps: RecurringJobDeps, intervalMs = RECURRING_LOOK_MS): PeriodicJob {
  return startPeriodicJob(
    async () => {
      const issued = await issueDueRecurringInvoices(deps);
      if (issued > 0) deps.log.info({ event: "recurring.issued", invoices: issued }, `recurring invoices: ${issued} invoice(s) issued`);
    },
    { intervalMs, onError: (error) => deps.log.warn({ event: "recurring.round_failed", err: error }, "recurring invoices: the round failed; trying again at the next one") },
  );
}
