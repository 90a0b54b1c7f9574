import { z } from "zod";
import { commentSchema, createCommentInputSchema } from "@/shared/schemas/comment";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { idParams, jsonBody, jsonContent, sessionRoutes } from "../../http/openapi";
import { addProjectComment, listProjectComments } from "./project-comments.service";

const route = sessionRoutes("Projects");

const listRoute = route.get("/{id}/comments", "listProjectComments", "A project's comments, oldest first", [400, 401, 404], {
  request: { params: idParams },
  responses: { 200: jsonContent(z.array(commentSchema), "Comments") },
});

const createCommentRoute = idempotent(route.post("/{id}/comments", "createProjectComment", "Comment on a project the caller may see", [400, 401, 404, 429], {
  request: { params: idParams, body: jsonBody(createCommentInputSchema) },
  responses: { 201: jsonContent(commentSchema, "The new comment") },
}));

export function projectCommentRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listProjectComments(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(createCommentRoute, async (c) => {
      const comment = await addProjectComment(c.var.ctx, { projectId: c.req.valid("param").id, comment: c.req.valid("json") });
      return c.json(comment, 201);
    });
}
