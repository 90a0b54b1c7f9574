import { z } from "@hono/zod-openapi";
import { commentSchema, createCommentInputSchema } from "@/shared/schemas/comment";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { idParams, jsonBody, jsonContent, sessionRoutes } from "../../http/openapi";
import { createTicketComment, listTicketComments } from "./ticket-comments.service";

const route = sessionRoutes("Tickets");

const list = route.get("/{id}/comments", "listTicketComments", "A ticket's comments, oldest first", [400, 401, 404], {
  request: { params: idParams },
  responses: { 200: jsonContent(z.array(commentSchema), "The comments") },
});

const create = idempotent(route.post("/{id}/comments", "createTicketComment", "Comment on a ticket the caller may see", [400, 401, 404, 429], {
  request: {
    params: idParams,
    body: jsonBody(createCommentInputSchema),
  },
  responses: { 201: jsonContent(commentSchema, "The new comment") },
}));

export function ticketCommentRoutes() {
  return createRouter()
    .openapi(list, async (c) => c.json(await listTicketComments(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(create, async (c) => {
      const comment = await createTicketComment(c.var.ctx, { ticketId: c.req.valid("param").id, comment: c.req.valid("json") });
      return c.json(comment, 201);
    });
}
