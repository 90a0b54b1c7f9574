import { and, eq, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { PorticoEvent } from "@/shared/schemas/event";
import { invoices, messages, projectComments, projects, ticketComments, tickets } from "@/server/db/schema";
import { forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { invoiceScope, messageScope, projectScope, ticketScope, visibleRow } from "../scopes";
import type { FileOwnerColumn } from "./file-select";
import type { RecordRef } from "@/server/changes/change";

/**
 * The record an upload is attached to, once the caller may attach to it: which column of `files`
 * names it, its company (the file's tenant), and what attaching or removing a file announces
 * (the event a new record of that kind publishes: clients refetch as they do for comments).
 * Each lookup runs before the body is read: another company's record is 404 (D11), one the
 * caller may see but not attach to is 403.
 */
export interface FileOwner {
  column: FileOwnerColumn;
  id: string;
  companyId: string;
  event: PorticoEvent;
  /** The record whose history notes the new file (ADR 028); a chat message has none. */
  history?: { subject: RecordRef; adminOnly?: boolean };
}

/**
 * The owner of a file attached to a ticket or a comment: the event (of `kind`) and the history
 * both name the record the reader follows, the ticket or project (`parent`).
 */
function ownedUnder(
  file: Pick<FileOwner, "column" | "id" | "companyId">,
  kind: "ticket" | "ticket_comment" | "project_comment",
  parent: { type: "ticket" | "project"; id: string },
): FileOwner {
  const { companyId } = file;
  return { ...file, event: { kind, companyId, id: parent.id }, history: { subject: { ...parent, companyId } } };
}

/** Comments and messages take files from their author; admins attach to anything they see. */
function mustBeAuthor(ctx: ServiceContext, authorId: string | null, what: string) {
  if (authorId !== ctx.actor.userId && !can(ctx.actor, "readAll", "company")) throw forbidden(`Only the ${what}'s author or an admin can attach files to it`);
}

export async function ticketOwner({ db, actor }: ServiceContext, ticketId: string): Promise<FileOwner> {
  const ticket = await visibleRow(db, tickets, ticketScope(actor), ticketId, { companyId: tickets.companyId });
  if (!ticket) throw notFound("Ticket not found");
  return ownedUnder({ column: "ticketId", id: ticketId, companyId: ticket.companyId }, "ticket", { type: "ticket", id: ticketId });
}

/** What a file's owner reads of each comment thread: its comments, the record they are under, who may see that, and which comments are the team's internal notes. */
const commentThreads = {
  ticket: { comments: ticketComments, parentId: ticketComments.ticketId, parent: tickets, scope: ticketScope, column: "ticketCommentId", kind: "ticket_comment", internal: ticketComments.internal },
  project: { comments: projectComments, parentId: projectComments.projectId, parent: projects, scope: projectScope, column: "projectCommentId", kind: "project_comment", internal: sql<boolean>`false` },
} as const;

/**
 * A comment of the `thread`'s record `id` that the caller wrote. An internal note is missing to
 * whoever may not read it, and a file attached to one is news for the team alone.
 */
async function commentOwner(ctx: ServiceContext, { thread: type, id, commentId }: { thread: keyof typeof commentThreads; id: string; commentId: string }): Promise<FileOwner> {
  const thread = commentThreads[type];
  const [comment] = await ctx.db
    .select({ companyId: thread.parent.companyId, authorId: thread.comments.userId, internal: thread.internal })
    .from(thread.comments)
    .innerJoin(thread.parent, eq(thread.parent.id, thread.parentId))
    .where(and(eq(thread.comments.id, commentId), eq(thread.parentId, id), thread.scope(ctx.actor).where));
  if (!comment || (comment.internal && !can(ctx.actor, "read", { type: "internalNote", companyId: comment.companyId }))) throw notFound("Comment not found");
  mustBeAuthor(ctx, comment.authorId, "comment");
  // As posting a comment does: the event names the ticket or project, whose thread clients refetch.
  const owner = ownedUnder({ column: thread.column, id: commentId, companyId: comment.companyId }, thread.kind, { type, id });
  return comment.internal ? { ...owner, event: { ...owner.event, adminsOnly: true }, history: { ...owner.history!, adminOnly: true } } : owner;
}

export const ticketCommentOwner = (ctx: ServiceContext, ids: { id: string; commentId: string }) => commentOwner(ctx, { thread: "ticket", ...ids });
export const projectCommentOwner = (ctx: ServiceContext, ids: { id: string; commentId: string }) => commentOwner(ctx, { thread: "project", ...ids });

export async function messageOwner(ctx: ServiceContext, messageId: string): Promise<FileOwner> {
  const message = await visibleRow(ctx.db, messages, messageScope(ctx.actor), messageId, { companyId: messages.companyId, senderId: messages.senderId });
  if (!message) throw notFound("Message not found");
  mustBeAuthor(ctx, message.senderId, "message");
  return { column: "messageId", id: messageId, companyId: message.companyId, event: { kind: "message", companyId: message.companyId, id: messageId } };
}

/** Invoice PDFs are the provider's to give: admins only (the route says so too). */
export async function invoiceOwner({ db, actor }: ServiceContext, invoiceId: string): Promise<FileOwner> {
  if (!can(actor, "update", "invoice")) throw forbidden();
  const invoice = await visibleRow(db, invoices, invoiceScope(actor), invoiceId, { companyId: invoices.companyId, draft: sql<boolean>`${invoices.status} = 'draft'` });
  if (!invoice) throw notFound("Invoice not found");
  return {
    column: "invoiceId",
    id: invoiceId,
    companyId: invoice.companyId,
    event: invoiceFileEvent(invoice.companyId, invoiceId, invoice.draft),
    history: { subject: { type: "invoice", id: invoiceId, companyId: invoice.companyId }, adminOnly: !!invoice.draft },
  };
}

/** A draft invoice's PDF changing is the admins' news only, as the draft's own changes are (ADR 026). */
const invoiceFileEvent = (companyId: string, id: string, draft: boolean | null): PorticoEvent => ({
  kind: "invoice",
  companyId,
  id,
  ...(draft ? { adminsOnly: true as const } : {}),
});

/** The event of a stored file's record, from its row (and its comment's parent, for comments). */
export function ownerEvent(row: {
  companyId: string;
  invoiceId: string | null;
  invoiceDraft: boolean | null;
  ticketId: string | null;
  messageId: string | null;
  commentTicketId: string | null;
  /** The file is on the team's internal note: only admins' screens refetch. */
  commentInternal: boolean | null;
  commentProjectId: string | null;
}): PorticoEvent | undefined {
  const { companyId } = row;
  if (row.ticketId) return { kind: "ticket", companyId, id: row.ticketId };
  if (row.commentTicketId) return { kind: "ticket_comment", companyId, id: row.commentTicketId, ...(row.commentInternal ? { adminsOnly: true as const } : {}) };
  if (row.commentProjectId) return { kind: "project_comment", companyId, id: row.commentProjectId };
  if (row.messageId) return { kind: "message", companyId, id: row.messageId };
  if (row.invoiceId) return invoiceFileEvent(companyId, row.invoiceId, row.invoiceDraft);
  return undefined;
}
