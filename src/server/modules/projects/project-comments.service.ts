import { asc, eq } from "drizzle-orm";
import type { Comment, CreateCommentInput } from "@/shared/schemas/comment";
import { profiles, projectComments } from "@/server/db/schema";
import type { ServiceContext } from "../context";
import { findProjectRef } from "./projects.service";

const commentColumns = {
  id: projectComments.id,
  content: projectComments.content,
  createdAt: projectComments.createdAt,
  // Null when the author's account is gone (the comment outlives it).
  author: { id: profiles.id, name: profiles.fullName, email: profiles.email },
};

type CommentRow = { id: string; content: string; createdAt: Date; author: Comment["author"] };
const toComment = (row: CommentRow): Comment => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Oldest first, scoped through the project: another company's project answers 404 (D11). */
export async function listProjectComments(ctx: ServiceContext, projectId: string): Promise<Comment[]> {
  const project = await findProjectRef(ctx, projectId);
  const rows = await ctx.db
    .select(commentColumns)
    .from(projectComments)
    .leftJoin(profiles, eq(profiles.id, projectComments.userId))
    .where(eq(projectComments.projectId, project.id))
    .orderBy(asc(projectComments.createdAt), asc(projectComments.id));
  return rows.map(toComment);
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
    .returning({ id: projectComments.id, content: projectComments.content, createdAt: projectComments.createdAt });
  // The event names the project: clients refetch that project's comment list.
  await ctx.publish({ kind: "project_comment", companyId: project.companyId, id: project.id });
  return toComment({ ...row!, author: { id: actor.userId, name: actor.name, email: actor.email } });
}
