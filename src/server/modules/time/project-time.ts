import { and, eq, gte, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { ProjectTime, ProjectTimeSettingsInput } from "@/shared/schemas/time-entry";
import { projects, timeEntries } from "@/server/db/schema";
import { forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { todayIn } from "../invoices/overdue";
import { projectScope } from "../scopes";

/**
 * The hours a project took, as its customers see them beside the project (ADR 047): every logged
 * minute, this month's in the installation's calendar, and the monthly budget agreed. Another
 * company's project answers 404, as a missing one.
 */
export async function projectTime(ctx: ServiceContext, projectId: string): Promise<ProjectTime> {
  const { db, actor } = ctx;
  const month = todayIn(ctx.billing.timeZone, ctx.clock.now()).slice(0, 7);
  const [row] = await db
    .select({
      companyId: projects.companyId,
      hourlyRate: projects.hourlyRate,
      monthlyBudgetHours: projects.monthlyHoursBudget,
      totalMinutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::int`,
      monthMinutes: sql<number>`coalesce(sum(${timeEntries.minutes}) filter (where ${gte(timeEntries.workDate, `${month}-01`)}), 0)::int`,
    })
    .from(projects)
    .leftJoin(timeEntries, eq(timeEntries.projectId, projects.id))
    .where(and(eq(projects.id, projectId), projectScope(actor).where))
    .groupBy(projects.id);
  if (!row || !can(actor, "read", { type: "timeEntry", companyId: row.companyId })) throw notFound("Project not found");
  const { companyId: _company, ...time } = row;
  return { ...time, month };
}

/** Admins: the project's hourly rate for new time and its monthly budget of hours; null clears either. */
export async function setProjectTimeSettings(ctx: ServiceContext, { id, changes }: { id: string; changes: ProjectTimeSettingsInput }): Promise<ProjectTime> {
  const { db, actor } = ctx;
  if (!can(actor, "update", "timeEntry")) throw forbidden();
  await db.transaction(async (tx) => {
    const [project] = await tx
      .update(projects)
      .set({ hourlyRate: changes.hourlyRate, monthlyHoursBudget: changes.monthlyBudgetHours, updatedAt: new Date() })
      .where(and(eq(projects.id, id), projectScope(actor).where))
      .returning({ companyId: projects.companyId });
    if (!project) throw notFound("Project not found");
    await ctx.record(tx, { announce: { kind: "project", companyId: project.companyId, id } });
  });
  return projectTime(ctx, id);
}
