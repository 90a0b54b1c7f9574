import { and, asc, eq } from "drizzle-orm";
import type { Comment, CreateCommentInput } from "@/shared/schemas/comment";
import { profiles, ticketComments, tickets } from "@/server/db/schema";
import { notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { ticketScope } from "../scopes";

/** The ticket's company, or 404 when the caller may not see the ticket (D11). */
async function visibleTicketCompany({ db, actor }: ServiceContext, ticketId: string): Promise<string> {
  const [ticket] = await db
    .select({ companyId: tickets.companyId })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), ticketScope(actor).where));
  if (!ticket) throw notFound("Ticket not found");
  return ticket.companyId;
}

/** Oldest first, like a conversation; admins' replies are part of it for the customer. */
export async function listTicketComments(ctx: ServiceContext, ticketId: string): Promise<Comment[]> {
  await visibleTicketCompany(ctx, ticketId);
  const rows = await ctx.db
    .select({
      id: ticketComments.id,
      content: ticketComments.content,
      createdAt: ticketComments.createdAt,
      // A comment outlives its author's account; then the author is null (drizzle nulls the
      // whole object when the left join found no profile).
      author: { id: profiles.id, name: profiles.fullName, email: profiles.email },
    })
    .from(ticketComments)
    .leftJoin(profiles, eq(profiles.id, ticketComments.userId))
    .where(eq(ticketComments.ticketId, ticketId))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function createTicketComment(
  ctx: ServiceContext,
  { ticketId, comment: input }: { ticketId: string; comment: CreateCommentInput },
): Promise<Comment> {
  const { db, actor } = ctx;
  const companyId = await visibleTicketCompany(ctx, ticketId);
  const [row] = await db
    .insert(ticketComments)
    .values({ ticketId, userId: actor.userId, content: input.content })
    .returning({ id: ticketComments.id, content: ticketComments.content, createdAt: ticketComments.createdAt });
  // The event names the ticket, not the comment: what a client refetches is that ticket's thread.
  await ctx.publish({ kind: "ticket_comment", companyId, id: ticketId });
  return {
    ...row!,
    createdAt: row!.createdAt.toISOString(),
    author: { id: actor.userId, name: actor.name, email: actor.email },
  };
}
