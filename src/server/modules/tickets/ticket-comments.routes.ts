import { createTicketCommentInputSchema } from "@/shared/schemas/comment";
import { commentThreadRoutes } from "../comments/comment-routes";
import { createTicketComment, listTicketComments } from "./ticket-comments.service";

export function ticketCommentRoutes() {
  return commentThreadRoutes({
    tag: "Tickets",
    parent: "Ticket",
    listed: "The comments, and for the team its internal notes",
    body: createTicketCommentInputSchema,
    list: listTicketComments,
    add: (ctx, ticketId, comment) => createTicketComment(ctx, { ticketId, comment }),
  });
}
