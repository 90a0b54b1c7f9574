import { and, eq, ne } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { Project } from "@/shared/schemas/project";
import { companies, projects } from "@/server/db/schema";
import { forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { projectScope } from "../scopes";
import { findProject } from "./projects.service";

/**
 * Admins: makes the project its company's inbox for support mail (ADR 044), taking the flag from
 * the one that had it, or with `inbox: false` makes it an ordinary project again (support mail then
 * goes to the company's "General" project). The company's row is locked first, so two admins
 * choosing two projects at once take turns and the last one wins; the partial unique index allows
 * one inbox a company whatever happens.
 */
export async function setInboxProject(ctx: ServiceContext, { id, inbox }: { id: string; inbox: boolean }): Promise<Project> {
  const { db, actor } = ctx;
  if (!can(actor, "update", "project")) throw forbidden();
  await db.transaction(async (tx) => {
    const [project] = await tx.select({ companyId: projects.companyId }).from(projects).where(and(eq(projects.id, id), projectScope(actor).where));
    if (!project) throw notFound("Project not found");
    const { companyId } = project;
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
    const changed = inbox
      ? await tx
          .update(projects)
          .set({ isInbox: false })
          .where(and(eq(projects.companyId, companyId), eq(projects.isInbox, true), ne(projects.id, id)))
          .returning({ id: projects.id })
      : [];
    await tx.update(projects).set({ isInbox: inbox }).where(eq(projects.id, id));
    // Both projects' pages follow, as after any edit.
    for (const { id: changedId } of [...changed, { id }]) await ctx.record(tx, { announce: { kind: "project", companyId, id: changedId } });
  });
  return findProject(ctx, id);
}
