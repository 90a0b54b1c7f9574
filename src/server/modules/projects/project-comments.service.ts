import type { Comment, CreateCommentInput } from "@/shared/schemas/comment";
import { projectComments } from "@/server/db/schema";
import { asWrittenBy, readThread, writtenColumns } from "../comments/comment-thread";
import type { ServiceContext } from "../context";
import { findProjectRef } from "./projects.service";

/** Oldest first, scoped through the project: another company's project answers 404 (D11). */
export async function listProjectComments(ctx: ServiceContext, projectId: string): Promise<Comment[]> {
  const project = await findProjectRef(ctx, projectId);
  return readThread(ctx.db, projectComments, projectComments.projectId, project.id);
}

/** Customers on their own company's projects, admins on any; the author is always the caller. */
export async function addProjectComment(
  ctx: ServiceContext,
  { projectId, comment: input }: { projectId: string; comment: CreateCommentInput },
): Promise<Comment> {
  const { db, actor } = ctx;
  const project = await findProjectRef(ctx, projectId);
  const [row] = await db
    .insert(projectComments)
    .values({ projectId: project.id, userId: actor.userId, content: input.content })
    .returning(writtenColumns(projectComments));
  // The event names the project: clients refetch that project's comment list.
  await ctx.publish({ kind: "project_comment", companyId: project.companyId, id: project.id });
  return asWrittenBy(actor, row!);
}
