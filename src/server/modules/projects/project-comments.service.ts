import type { Comment, CreateCommentInput } from "@/shared/schemas/comment";
import { projectComments } from "@/server/db/schema";
import { addToThread, readThread } from "../comments/comment-thread";
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
  const project = await findProjectRef(ctx, projectId);
  // The event names the project: clients refetch that project's comment list.
  return addToThread(ctx, {
    table: projectComments,
    values: { projectId: project.id, userId: ctx.actor.userId, content: input.content },
    subject: { type: "project", id: project.id, companyId: project.companyId },
    event: { kind: "project_comment", companyId: project.companyId, id: project.id },
  });
}
