import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { commentSchema, createCommentInputSchema } from "@/shared/schemas/comment";
import { createRouter } from "../../http/context";
import { jsonBody, jsonContent, problemResponses, sessionSecurity } from "../../http/openapi";
import { addProjectComment, listProjectComments } from "./project-comments.service";

const tags = ["Projects"];
const params = z.object({ id: z.uuid("Not a valid id") });

const listRoute = createRoute({
  tags,
  security: sessionSecurity,
  method: "get",
  path: "/{id}/comments",
  summary: "A project's comments, oldest first",
  request: { params },
  responses: { 200: jsonContent(z.array(commentSchema), "Comments"), 400: problemResponses[400], 401: problemResponses[401], 404: problemResponses[404] },
});

const createCommentRoute = createRoute({
  tags,
  security: sessionSecurity,
  method: "post",
  path: "/{id}/comments",
  summary: "Comment on a project the caller may see",
  request: { params, body: jsonBody(createCommentInputSchema) },
  responses: { 201: jsonContent(commentSchema, "The new comment"), 400: problemResponses[400], 401: problemResponses[401], 404: problemResponses[404] },
});

export function projectCommentRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listProjectComments(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(createCommentRoute, async (c) => {
      const comment = await addProjectComment(c.var.ctx, { projectId: c.req.valid("param").id, comment: c.req.valid("json") });
      return c.json(comment, 201);
    });
}
