import { z } from "@hono/zod-openapi";
import { commentSchema, type Comment, type createCommentInputSchema, type CreateTicketCommentInput, type createTicketCommentInputSchema } from "@/shared/schemas/comment";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { idParams, jsonBody, jsonContent, sessionRoutes } from "../../http/openapi";
import type { ServiceContext } from "../context";

/** What differs between the comment threads of a project and of a ticket. */
export interface CommentThreadRoutes {
  /** The OpenAPI tag of the parent's routes. */
  tag: string;
  /** The parent, as operation ids ("Project") and summaries ("project") name it. */
  parent: "Project" | "Ticket";
  /** The list's 200 description. */
  listed: string;
  /** A new comment's body: a ticket's may also be an internal note, which answers 403 to a customer. */
  body: typeof createCommentInputSchema | typeof createTicketCommentInputSchema;
  list(ctx: ServiceContext, parentId: string): Promise<Comment[]>;
  add(ctx: ServiceContext, parentId: string, comment: CreateTicketCommentInput): Promise<Comment>;
}

/** `GET` and `POST /{id}/comments` under a parent: its comments oldest first, and a new one by the caller. */
export function commentThreadRoutes({ tag, parent, listed, body, list, add }: CommentThreadRoutes) {
  const route = sessionRoutes(tag);
  const noun = parent.toLowerCase();
  const listRoute = route.get("/{id}/comments", `list${parent}Comments`, `A ${noun}'s comments, oldest first`, [400, 401, 404], {
    request: { params: idParams },
    responses: { 200: jsonContent(z.array(commentSchema), listed) },
  });
  const createRoute = idempotent(route.post("/{id}/comments", `create${parent}Comment`, `Comment on a ${noun} the caller may see`, [400, 401, 403, 404, 429], {
    request: { params: idParams, body: jsonBody(body) },
    responses: { 201: jsonContent(commentSchema, "The new comment") },
  }));
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await list(c.var.ctx, c.req.valid("param").id), 200))
    .openapi(createRoute, async (c) => c.json(await add(c.var.ctx, c.req.valid("param").id, c.req.valid("json")), 201));
}
