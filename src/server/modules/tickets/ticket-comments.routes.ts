import { createRoute, z } from "@hono/zod-openapi";
import { commentSchema, createCommentInputSchema } from "@/shared/schemas/comment";
import { createRouter } from "../../http/context";
import { idParams, jsonBody, jsonContent, problemResponses, sessionSecurity } from "../../http/openapi";
import { createTicketComment, listTicketComments } from "./ticket-comments.service";

const tags = ["Tickets"];
const { 400: badRequest, 401: unauthorized, 404: notFound } = problemResponses;

const list = createRoute({
  method: "get",
  path: "/{id}/comments",
  tags,
  summary: "A ticket's comments, oldest first",
  security: sessionSecurity,
  request: { params: idParams },
  responses: {
    200: jsonContent(z.array(commentSchema), "The comments"),
    400: badRequest,
    401: unauthorized,
    404: notFound,
  },
});

const create = createRoute({
  method: "post",
  path: "/{id}/comments",
  tags,
  summary: "Comment on a ticket the caller may see",
  security: sessionSecurity,
  request: {
    params: idParams,
    body: jsonBody(createCommentInputSchema),
  },
  responses: {
    201: jsonContent(commentSchema, "The new comment"),
    400: badRequest,
    401: unauthorized,
    404: notFound,
  },
});

export function ticketCommentRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listTicketComments(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(create, async (c) => {
      const comment = await createTicketComment(c.var.ctx, { ticketId: c.req.valid("param").id, comment: c.req.valid("json") });
      return c.json(comment, 201);
    });
}
