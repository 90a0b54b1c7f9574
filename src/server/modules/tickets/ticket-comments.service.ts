import type { Comment, CreateTicketCommentInput } from "@/shared/schemas/comment";
import { can } from "@/shared/policies";
import { ticketComments, tickets } from "@/server/db/schema";
import { addToThread, readThread } from "../comments/comment-thread";
import { forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { ticketScope, visibleRow } from "../scopes";

/** The ticket's company, or 404 when the caller may not see the ticket (D11). */
async function visibleTicketCompany({ db, actor }: ServiceContext, ticketId: string): Promise<string> {
  const ticket = await visibleRow(db, tickets, ticketScope(actor), ticketId, { companyId: tickets.companyId });
  if (!ticket) throw notFound("Ticket not found");
  return ticket.companyId;
}

/** Oldest first, like a conversation; admins' replies are part of it for the customer, their internal notes only for the team. */
export async function listTicketComments(ctx: ServiceContext, ticketId: string): Promise<Comment[]> {
  const companyId = await visibleTicketCompany(ctx, ticketId);
  const withInternalNotes = can(ctx.actor, "read", { type: "internalNote", companyId });
  return readThread(ctx.db, ticketComments, ticketComments.ticketId, ticketId, { withInternalNotes });
}

/** A reply, or with `internal` a note for the team alone (403 to anyone else, before anything is written). */
export async function createTicketComment(
  ctx: ServiceContext,
  { ticketId, comment: input }: { ticketId: string; comment: CreateTicketCommentInput },
): Promise<Comment> {
  const companyId = await visibleTicketCompany(ctx, ticketId);
  const internal = input.internal === true;
  if (internal && !can(ctx.actor, "create", { type: "internalNote", companyId })) throw forbidden("Only the team can add internal notes");
  // The event names the ticket, not the comment: what a client refetches is that ticket's thread.
  return addToThread(ctx, {
    table: ticketComments,
    values: { ticketId, userId: ctx.actor.userId, content: input.content, internal },
    subject: { type: "ticket", id: ticketId, companyId },
    event: { kind: "ticket_comment", companyId, id: ticketId },
    internal,
  });
}
