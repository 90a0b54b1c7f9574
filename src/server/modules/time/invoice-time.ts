import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { can } from "@/shared/policies";
import { invoiceMessages } from "@/shared/rules/invoice";
import { linesProblem } from "@/shared/rules/money";
import { hoursOf, timeEntryMessages } from "@/shared/rules/time-entry";
import type { Invoice, InvoiceLineInput } from "@/shared/schemas/invoice";
import type { InvoiceTimeInput } from "@/shared/schemas/time-entry";
import { companies, projects, timeEntries } from "@/server/db/schema";
import { badRequest, conflict, forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { nextInvoiceNumber, withNextNumber } from "../invoices/invoice-number";
import { createInvoice } from "../invoices/invoice-writes";
import { findInvoice } from "../invoices/invoices.service";
import { todayIn } from "../invoices/overdue";

type AfterCommit = (committed: ServiceContext) => Promise<unknown>;

interface UnbilledEntry {
  id: string;
  projectId: string;
  projectName: string;
  minutes: number;
  rate: string;
}

/**
 * "Invoice unbilled time" (ADR 047): a company's billable entries of the period that are on no
 * invoice become one invoice, a line per project and rate (the hours to the thousandth, at the
 * rate each entry was logged at), and are marked billed by it, in one transaction. The entries are
 * locked first, so two requests at once make one invoice: the second finds nothing left (409).
 * Voiding the invoice or deleting its draft releases them (invoice-writes.ts, the foreign key).
 */
export async function invoiceUnbilledTime(ctx: ServiceContext, input: InvoiceTimeInput): Promise<Invoice> {
  const { actor } = ctx;
  if (!can(actor, "create", "invoice") || !can(actor, "update", "timeEntry")) throw forbidden();
  const issueDate = todayIn(ctx.billing.timeZone, ctx.clock.now());
  if (input.dueDate && input.dueDate < issueDate) {
    throw badRequest(`dueDate: ${invoiceMessages.dueBeforeIssue}`, [{ field: "dueDate", message: invoiceMessages.dueBeforeIssue }]);
  }
  const deferred: AfterCommit[] = [];
  const id = await ctx.db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId));
    if (!company) throw badRequest(`companyId: ${invoiceMessages.chooseCompany}`, [{ field: "companyId", message: invoiceMessages.chooseCompany }]);
    const entries: UnbilledEntry[] = await tx
      .select({ id: timeEntries.id, projectId: timeEntries.projectId, projectName: projects.name, minutes: timeEntries.minutes, rate: timeEntries.rate })
      .from(timeEntries)
      .innerJoin(projects, eq(projects.id, timeEntries.projectId))
      .where(
        and(
          eq(timeEntries.companyId, input.companyId),
          isNull(timeEntries.invoiceId),
          eq(timeEntries.billable, true),
          input.from ? gte(timeEntries.workDate, input.from) : undefined,
          lte(timeEntries.workDate, input.to),
        ),
      )
      .orderBy(asc(projects.name), asc(timeEntries.projectId), asc(timeEntries.rate), asc(timeEntries.id))
      .for("update", { of: timeEntries });
    if (entries.length === 0) throw conflict(timeEntryMessages.nothingToInvoice, [{ field: "to", message: timeEntryMessages.nothingToInvoice }]);
    const lines = linesOfTime(entries, input);
    const problem = linesProblem(lines);
    if (problem) throw badRequest(`lines: ${problem}`, [{ field: "lines", message: problem }]);
    const create = async () =>
      createInvoice(
        // An issued invoice's PDF waits for this transaction's commit, as in an idempotent create.
        { ...ctx, db: tx, deferUntilCommit: ctx.deferUntilCommit ?? ((task) => deferred.push(task)) },
        {
          companyId: input.companyId,
          invoiceNumber: input.invoiceNumber ?? (await nextInvoiceNumber(tx)),
          issueDate,
          dueDate: input.dueDate ?? null,
          status: input.status,
          lines,
          allowPartialPayment: false,
        },
      );
    const invoice = input.invoiceNumber ? await create() : await withNextNumber(create);
    await tx
      .update(timeEntries)
      .set({ invoiceId: invoice.id, updatedAt: new Date() })
      .where(inArray(timeEntries.id, entries.map((entry) => entry.id)));
    return invoice.id;
  });
  for (const task of deferred) await task(ctx);
  return findInvoice(ctx, id);
}

/** One line per project and rate, in the order the entries came (by project name): minutes summed before they become hours. */
function linesOfTime(entries: readonly UnbilledEntry[], input: InvoiceTimeInput): InvoiceLineInput[] {
  const groups = new Map<string, { projectName: string; rate: string; minutes: number }>();
  for (const entry of entries) {
    const key = `${entry.projectId} ${entry.rate}`;
    const group = groups.get(key) ?? { projectName: entry.projectName, rate: entry.rate, minutes: 0 };
    group.minutes += entry.minutes;
    groups.set(key, group);
  }
  const period = input.from ? `${input.from} to ${input.to}` : `to ${input.to}`;
  return [...groups.values()].map((group) => ({
    description: `${group.projectName}: time ${period}`,
    quantity: hoursOf(group.minutes),
    unitPrice: group.rate,
    taxRate: input.taxRate ?? null,
  }));
}
