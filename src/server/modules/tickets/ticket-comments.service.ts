import { and, asc, eq } from "drizzle-orm";
import type { Comment, CreateCommentInput } from "../../../shared/schemas/comment";
import type { Database } from "../../db/client";
import { profiles, ticketComments, tickets } from "../../db/schema";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/problem";
import { ticketsVisibleTo } from "./tickets.service";

/** The ticket's company, or 404 when the caller may not see the ticket (D11). */
async function visibleTicketCompany(db: Database, actor: Actor, ticketId: string): Promise<string> {
  const [ticket] = await db
    .select({ companyId: tickets.companyId })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), ticketsVisibleTo(actor)));
  if (!ticket) throw notFound("Ticket not found");
  return ticket.companyId;
}

/** Oldest first, like a conversation; admins' replies are part of it for the customer. */
export async function listTicketComments(db: Database, actor: Actor, ticketId: string): Promise<Comment[]> {
  await visibleTicketCompany(db, actor, ticketId);
  const rows = await db
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
  db: Database,
  actor: Actor,
  ticketId: string,
  input: CreateCommentInput,
): Promise<{ comment: Comment; companyId: string }> {
  const companyId = await visibleTicketCompany(db, actor, ticketId);
  const [row] = await db
    .insert(ticketComments)
    .values({ ticketId, userId: actor.userId, content: input.content })
    .returning({ id: ticketComments.id, content: ticketComments.content, createdAt: ticketComments.createdAt });
  const comment = {
    ...row!,
    createdAt: row!.createdAt.toISOString(),
    author: { id: actor.userId, name: actor.name, email: actor.email },
  };
  return { comment, companyId };
}
