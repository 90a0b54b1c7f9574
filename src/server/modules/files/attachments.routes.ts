import { z } from "@hono/zod-openapi";
import { fileSchema } from "@/shared/schemas/file";
import { createRouter } from "@/server/http/context";
import { idempotent } from "@/server/http/idempotency";
import { idParams, jsonContent, sessionRoutes } from "@/server/http/openapi";
import { messageOwner, projectCommentOwner, ticketCommentOwner, ticketOwner } from "./owners";
import { receiveUpload } from "./upload";
import { uploadBody, uploadDescription, uploadRefusals } from "./upload-openapi";

const commentParams = idParams.extend({
  commentId: z.uuid("Not a valid id").openapi({ param: { name: "commentId", in: "path" } }),
});

const attached = { 201: jsonContent(fileSchema, "The stored file; its record's answers list it under `attachments`"), ...uploadRefusals };

const ticketFile = idempotent(sessionRoutes("Tickets").post("/tickets/{id}/files", "attachTicketFile", "Attach a file to a ticket the caller may see", [400, 401, 404, 429], {
  description: uploadDescription,
  request: { params: idParams, body: uploadBody },
  responses: attached,
}), { upload: true });

/** A comment's attachment route: the comment's author or an admin may attach. */
const commentFileRoute = <const P extends string>(tag: string, path: P, operationId: string, summary: string) =>
  idempotent(
    sessionRoutes(tag).post(path, operationId, summary, [400, 401, 403, 404, 429], {
      description: `${uploadDescription} Another user who can see the comment gets 403.`,
      request: { params: commentParams, body: uploadBody },
      responses: attached,
    }),
    { upload: true },
  );

const ticketCommentFile = commentFileRoute("Tickets", "/tickets/{id}/comments/{commentId}/files", "attachTicketCommentFile", "Attach a file to a ticket comment (its author or an admin)");
const projectCommentFile = commentFileRoute("Projects", "/projects/{id}/comments/{commentId}/files", "attachProjectCommentFile", "Attach a file to a project comment (its author or an admin)");

const messageFile = idempotent(sessionRoutes("Messages").post("/messages/{id}/files", "attachMessageFile", "Attach a file to a chat message (its sender or an admin)", [400, 401, 403, 404, 429], {
  description: `${uploadDescription} Another user who can see the message gets 403.`,
  request: { params: idParams, body: uploadBody },
  responses: attached,
}), { upload: true });

/**
 * Attachments of tickets, comments and chat messages (ADR 022). Each route checks that the caller
 * may attach to the record before reading a byte of the body; the files then show in the record's
 * answers, and download at GET /files/{id}.
 */
export function attachmentRoutes() {
  return createRouter()
    .openapi(ticketFile, async (c) => {
      const owner = await ticketOwner(c.var.ctx, c.req.valid("param").id);
      return c.json(await receiveUpload(c, owner), 201);
    })
    .openapi(ticketCommentFile, async (c) => c.json(await receiveUpload(c, await ticketCommentOwner(c.var.ctx, c.req.valid("param"))), 201))
    .openapi(projectCommentFile, async (c) => c.json(await receiveUpload(c, await projectCommentOwner(c.var.ctx, c.req.valid("param"))), 201))
    .openapi(messageFile, async (c) => c.json(await receiveUpload(c, await messageOwner(c.var.ctx, c.req.valid("param").id)), 201));
}
