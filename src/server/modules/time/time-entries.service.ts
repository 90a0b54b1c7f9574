import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { can } from "@/shared/policies";
import { timeEntryMessages } from "@/shared/rules/time-entry";
import type { Page } from "@/shared/schemas/pagination";
import type { CreateTimeEntryInput, TimeEntry, TimeEntryListQuery, UpdateTimeEntryInput } from "@/shared/schemas/time-entry";
import type { Database } from "@/server/db/client";
import { projects, tickets, timeEntries } from "@/server/db/schema";
import { badRequest, conflict, forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { timeEntryScope } from "../scopes";
import { countTimeEntries, selectTimeEntries, selectTimeEntry } from "./time-entry-select";

const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);
const billed = () => conflict(timeEntryMessages.billed, [{ field: "invoice", message: timeEntryMessages.billed }]);
const entryNotFound = () => notFound("Time entry not found");

/** Admins: the logged time of every company, or of one company or project, newest day first. */
export async function listTimeEntries(ctx: ServiceContext, query: TimeEntryListQuery): Promise<Page<TimeEntry>> {
  const { db, actor } = ctx;
  if (!can(actor, "readAll", "timeEntry")) throw forbidden();
  const where = and(
    timeEntryScope(actor).where,
    query.projectId ? eq(timeEntries.projectId, query.projectId) : undefined,
    query.companyId ? eq(timeEntries.companyId, query.companyId) : undefined,
    query.billing === "unbilled" ? and(isNull(timeEntries.invoiceId), eq(timeEntries.billable, true)) : undefined,
    query.billing === "billed" ? isNotNull(timeEntries.invoiceId) : undefined,
  );
  const [items, total] = await Promise.all([
    selectTimeEntries(db, where, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countTimeEntries(db, where),
  ]);
  return { items, total, totalExact: true, page: query.page, pageSize: query.pageSize };
}

export async function findTimeEntry(ctx: ServiceContext, id: string): Promise<TimeEntry> {
  const entry = await selectTimeEntry(ctx.db, id, timeEntryScope(ctx.actor).where);
  if (!entry) throw entryNotFound();
  return entry;
}

/** A ticket named for an entry must be of the entry's project: 400 naming `ticketId` otherwise. */
async function checkTicketOfProject(db: Pick<Database, "select">, ticketId: string | null | undefined, projectId: string) {
  if (!ticketId) return;
  const [ticket] = await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.id, ticketId), eq(tickets.projectId, projectId)));
  if (!ticket) throw fieldError("ticketId", timeEntryMessages.chooseTicket);
}

/**
 * An admin logs time on a project (and one of its tickets). Billed at the entry's rate, else the
 * project's hourly rate, else DEFAULT_HOURLY_RATE; billable time with none of them is refused
 * (400 naming `rate`), time not billed takes 0.
 */
export async function createTimeEntry(ctx: ServiceContext, input: CreateTimeEntryInput): Promise<TimeEntry> {
  const { db, actor } = ctx;
  if (!can(actor, "create", "timeEntry")) throw forbidden();
  const billable = input.billable ?? true;
  const id = await db.transaction(async (tx) => {
    const [project] = await tx.select({ companyId: projects.companyId, hourlyRate: projects.hourlyRate }).from(projects).where(eq(projects.id, input.projectId));
    if (!project) throw fieldError("projectId", timeEntryMessages.chooseProject);
    await checkTicketOfProject(tx, input.ticketId, input.projectId);
    const rate = input.rate ?? project.hourlyRate ?? ctx.billing.defaultHourlyRate ?? (billable ? null : "0");
    if (rate === null) throw fieldError("rate", timeEntryMessages.rateMissing);
    const [created] = await tx
      .insert(timeEntries)
      .values({
        projectId: input.projectId,
        companyId: project.companyId,
        ticketId: input.ticketId ?? null,
        workDate: input.workDate,
        minutes: input.minutes,
        description: input.description,
        billable,
        rate,
        loggedBy: actor.userId,
      })
      .returning({ id: timeEntries.id });
    // The project's page shows its hours: it refetches.
    await ctx.record(tx, { announce: { kind: "project", companyId: project.companyId, id: input.projectId } });
    return created!.id;
  });
  return findTimeEntry(ctx, id);
}

/** The entry locked for a change, within the actor's scope; billed time is refused (409). */
async function lockedUnbilled(tx: Pick<Database, "select">, ctx: ServiceContext, id: string) {
  const [entry] = await tx
    .select({ projectId: timeEntries.projectId, companyId: timeEntries.companyId, invoiceId: timeEntries.invoiceId })
    .from(timeEntries)
    .where(and(eq(timeEntries.id, id), timeEntryScope(ctx.actor).where))
    .for("update");
  if (!entry) throw entryNotFound();
  if (entry.invoiceId !== null) throw billed();
  return entry;
}

/** An admin corrects an entry not yet billed; billed time changes only once its invoice is voided (409). */
export async function updateTimeEntry(ctx: ServiceContext, { id, changes }: { id: string; changes: UpdateTimeEntryInput }): Promise<TimeEntry> {
  if (!can(ctx.actor, "update", "timeEntry")) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const entry = await lockedUnbilled(tx, ctx, id);
    await checkTicketOfProject(tx, changes.ticketId, entry.projectId);
    await tx
      .update(timeEntries)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(timeEntries.id, id));
    await ctx.record(tx, { announce: { kind: "project", companyId: entry.companyId, id: entry.projectId } });
  });
  return findTimeEntry(ctx, id);
}

/** An admin removes an entry not yet billed (409 for billed time). */
export async function deleteTimeEntry(ctx: ServiceContext, id: string): Promise<void> {
  if (!can(ctx.actor, "update", "timeEntry")) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const entry = await lockedUnbilled(tx, ctx, id);
    await tx.delete(timeEntries).where(eq(timeEntries.id, id));
    await ctx.record(tx, { announce: { kind: "project", companyId: entry.companyId, id: entry.projectId } });
  });
}
