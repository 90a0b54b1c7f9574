import { createCommentInputSchema } from "@/shared/schemas/comment";
import { commentThreadRoutes } from "../comments/comment-routes";
import { addProjectComment, listProjectComments } from "./project-comments.service";

export function projectCommentRoutes() {
  return commentThreadRoutes({
    tag: "Projects",
    parent: "Project",
    listed: "Comments",
    body: createCommentInputSchema,
    list: listProjectComments,
    add: (ctx, projectId, comment) => addProjectComment(ctx, { projectId, comment }),
  });
}
