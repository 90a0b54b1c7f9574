import { and, eq } from "drizzle-orm";
import type { Actor, SystemActor } from "@/server/actor";
import { projects } from "@/server/db/schema";
import type { ActingContext } from "../context";

/** The project a company's tickets go to when nothing else says where: "General", slug `general`. */
export const GENERAL_PROJECT = { name: "General", slug: "general" } as const;

/**
 * The project a support mail to the company opens its ticket in (ADR 044): the one an admin made
 * the company's inbox (project-inbox.ts), else its "General" project, made on first use.
 */
export async function inboxProjectOf(ctx: ActingContext<Actor | SystemActor>, { companyId }: { companyId: string }): Promise<{ id: string }> {
  const [inbox] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.isInbox, true)));
  return inbox ?? generalProjectOf(ctx, { companyId });
}

/**
 * The company's "General" project, made on first use (a ticket opened by mail, ADR 044). Made by
 * whoever asks for it, a system actor included: the history says who. Two first uses at once make
 * one project: the (company, slug) unique index decides, and the loser reads the winner's.
 */
export async function generalProjectOf(ctx: ActingContext<Actor | SystemActor>, { companyId }: { companyId: string }): Promise<{ id: string }> {
  const existing = await findGeneral(ctx, companyId);
  if (existing) return existing;
  return ctx.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(projects)
      .values({ companyId, name: GENERAL_PROJECT.name, slug: GENERAL_PROJECT.slug, status: "active" })
      .onConflictDoNothing({ target: [projects.companyId, projects.slug] })
      .returning({ id: projects.id });
    if (!made) return (await findGeneral({ ...ctx, db: tx }, companyId))!;
    await ctx.record(tx, {
      history: { actor: ctx.actor, subject: { type: "project", id: made.id, companyId }, entries: [{ kind: "created" }] },
      announce: { kind: "project", companyId, id: made.id },
    });
    return made;
  });
}

async function findGeneral({ db }: Pick<ActingContext<Actor | SystemActor>, "db">, companyId: string) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.slug, GENERAL_PROJECT.slug)));
  return row;
}
