import { eq } from "drizzle-orm";
import { can } from "@/shared/policies";
import { firstIndexFrom, recurringMessages, standingAt, type Schedule } from "@/shared/rules/recurring";
import type { CreateRecurringInvoiceInput, RecurringAction, RecurringInvoice, RecurringInvoiceDetail } from "@/shared/schemas/recurring";
import { companies, recurringInvoices } from "@/server/db/schema";
import { badRequest, conflict, forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { todayIn } from "../invoices/overdue";
import { selectRecurringInvoice, selectRecurringInvoices } from "./recurring-select";

const recurringNotFound = () => notFound("Recurring invoice not found");

export async function listRecurringInvoices(ctx: ServiceContext): Promise<RecurringInvoice[]> {
  if (!can(ctx.actor, "read", "recurringInvoice")) throw forbidden();
  return selectRecurringInvoices(ctx.db, ctx.billing.currency);
}

export async function findRecurringInvoice(ctx: ServiceContext, id: string): Promise<RecurringInvoiceDetail> {
  if (!can(ctx.actor, "read", "recurringInvoice")) throw forbidden();
  const found = await selectRecurringInvoice(ctx.db, id, ctx.billing.currency);
  if (!found) throw recurringNotFound();
  return found;
}

/**
 * An admin sets up a recurring invoice. Its first issue is the schedule's first date on or after
 * today (in TIME_ZONE's calendar): a start in the past bills nothing for the months before today.
 * The invoices are issued on the admin's behalf by the job (recurring-job.ts).
 */
export async function createRecurringInvoice(ctx: ServiceContext, input: CreateRecurringInvoiceInput): Promise<RecurringInvoiceDetail> {
  const { db, actor } = ctx;
  if (!can(actor, "create", "recurringInvoice")) throw forbidden();
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId));
  if (!company) throw badRequest("companyId: No such company", [{ field: "companyId", message: "No such company" }]);
  const schedule: Schedule = { frequency: input.frequency, dayOfMonth: input.dayOfMonth, startDate: input.startDate, endDate: input.endDate ?? null, count: input.count ?? null };
  const index = firstIndexFrom(schedule, todayIn(ctx.billing.timeZone, ctx.clock.now()));
  const [created] = await db
    .insert(recurringInvoices)
    .values({
      companyId: input.companyId,
      lines: input.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, taxRate: line.taxRate ?? null })),
      notes: input.notes ?? null,
      issueStatus: input.issueStatus,
      dueDays: input.dueDays ?? null,
      ...schedule,
      ...standingAt(schedule, { index, issued: 0 }),
      createdBy: actor.userId,
    })
    .returning({ id: recurringInvoices.id });
  return findRecurringInvoice(ctx, created!.id);
}

/**
 * Pause (no invoice until resumed), resume (from the first date not yet past: what a pause
 * skipped is not billed afterwards), or end (for good). A transition that does not apply is 409.
 */
export async function changeRecurringInvoice(ctx: ServiceContext, { id, action }: { id: string; action: RecurringAction }): Promise<RecurringInvoiceDetail> {
  if (!can(ctx.actor, "update", "recurringInvoice")) throw forbidden();
  const today = todayIn(ctx.billing.timeZone, ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(recurringInvoices).where(eq(recurringInvoices.id, id)).for("update");
    if (!row) throw recurringNotFound();
    await tx.update(recurringInvoices).set({ ...transition(row, action, today), updatedAt: new Date() }).where(eq(recurringInvoices.id, id));
  });
  return findRecurringInvoice(ctx, id);
}

type StoredRecurring = typeof recurringInvoices.$inferSelect;

function transition(row: StoredRecurring, action: RecurringAction, today: string) {
  const refuse = (message: string) => conflict(`status: ${message}`, [{ field: "status", message }]);
  if (row.status === "ended") throw refuse(recurringMessages.alreadyEnded);
  switch (action) {
    case "end":
      return { status: "ended" as const, nextIssueDate: null };
    case "pause":
      if (row.status !== "active") throw refuse(recurringMessages.notActive);
      return { status: "paused" as const, nextIssueDate: null };
    case "resume": {
      if (row.status !== "paused") throw refuse(recurringMessages.notPaused);
      const index = firstIndexFrom(row, today, row.nextIndex);
      return standingAt(row, { index, issued: row.issuedCount });
    }
  }
}

