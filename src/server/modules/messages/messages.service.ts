import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { can, type PolicyActor } from "@/shared/policies";
import {
  NO_COMPANY_FOR_MESSAGES,
  type ListMessagesQuery,
  type MarkMessagesReadInput,
  type Message,
  type SendMessageInput,
} from "@/shared/schemas/message";
import { isForeignKeyViolation } from "@/server/db/errors";
import { prepared } from "@/server/db/prepared";
import { companies, messages, profiles, userRoles } from "@/server/db/schema";
import { badRequest, conflict, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { companyScope, messageScope, visibleRow } from "../scopes";
import { fromCustomerSide, fromProviderSide, messageColumns, senderProfile, senderRole, toMessage } from "./message-select";
import { withAttachments } from "../files/file-select";
import { failpoint } from "@/server/ops/failpoint";
import { noteRecordRead } from "../access-log";

const companyRequired = () =>
  badRequest("companyId: Choose the company of the conversation", [
    { field: "companyId", message: "Choose the company of the conversation" },
  ]);

/** The provider team (who reads every company's conversation) writes to the customers, and back. */
const onProviderSide = (actor: PolicyActor) => can(actor, "readAll", "conversation");

/**
 * The conversation the actor means. Customers: their own company, whatever they ask for (another
 * company is 404, as if it did not exist: DESIGN D11); `null` when they have no company yet.
 * Admins: the company they name, which must exist.
 */
async function conversationCompany({ db, actor }: ServiceContext, companyId: string | undefined): Promise<string | null> {
  if (!can(actor, "readAll", "conversation")) {
    if (companyId && !can(actor, "read", { type: "conversation", companyId })) throw notFound("Company not found");
    return actor.companyId;
  }
  if (!companyId) throw companyRequired();
  const company = await visibleRow(db, companies, companyScope(actor), companyId, { id: companies.id });
  if (!company) throw notFound("Company not found");
  return company.id;
}

/** The newest `limit` messages of the conversation (before `before`), oldest first. */
export async function listMessages(ctx: ServiceContext, query: ListMessagesQuery): Promise<Message[]> {
  const { db } = ctx;
  const companyId = await conversationCompany(ctx, query.companyId);
  if (!companyId) return [];
  const statement = prepared(db, `messages_list_${query.before ? "before" : "newest"}`, (name) => {
    const company = sql.placeholder("company");
    const cursor = query.before
      ? sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m where m.id = ${sql.placeholder("before")} and m.company_id = ${company})`
      : undefined;
    return db
      .select(messageColumns)
      .from(messages)
      .leftJoin(profiles, senderProfile)
      .leftJoin(userRoles, senderRole)
      .where(and(eq(messages.companyId, company), cursor))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(sql.placeholder("limit"))
      .prepare(name);
  });
  // Staff opening a company's chat read its conversation (ADR 050); the id is the company's, one conversation each.
  await noteRecordRead(ctx, { type: "conversation", id: companyId, companyId });
  const rows = await statement.execute({ company: companyId, limit: query.limit, ...(query.before ? { before: query.before } : {}) });
  // Newest first from the index, oldest first on screen. (A copy: the rows may be shared, read-cache.ts.)
  return withAttachments(db, "messageId", rows.toReversed().map(toMessage));
}

export interface SentMessage {
  message: Message;
  /** false when the client's id was already stored: the earlier message is returned, nothing is written. */
  created: boolean;
}

/** The company a message goes to. Unlike conversationCompany it does not look the company up: the insert's foreign key does. */
function recipientOf(actor: PolicyActor, companyId: string | undefined): string {
  if (can(actor, "readAll", "conversation")) {
    if (!companyId) throw companyRequired();
    return companyId;
  }
  if (!actor.companyId) throw badRequest(NO_COMPANY_FOR_MESSAGES);
  if (companyId && !can(actor, "create", { type: "conversation", companyId })) throw notFound("Company not found");
  return actor.companyId;
}

/** Thrown inside a send's transaction when the client's id is stored already: rolls back what was written before it. */
class AlreadyStored extends Error {}

export async function sendMessage(ctx: ServiceContext, input: SendMessageInput): Promise<SentMessage> {
  const { actor } = ctx;
  const companyId = recipientOf(actor, input.companyId);
  // The id is known before the insert (the client's, else one made here) so that the message's
  // notifications (ADR 029) and webhook deliveries (ADR 031) are written first and the message last:
  // its insert updates the conversation summary (drizzle/0004) and, through that, the one row of
  // table_row_counts that every send updates (drizzle/0006), so every other send waits on those
  // rows until this one commits. Written last, they are held over the insert and the commit only,
  // not over two more round trips (issue 21: at 200 sends/s the waits were the POST's tail). The
  // announcement (ADR 038) goes before the insert too: a NOTIFY locks nothing until the commit.
  // All commit together; a replayed send rolls back and repeats none.
  const id = input.id ?? randomUUID();
  let row: typeof messages.$inferSelect;
  try {
    row = await ctx.db.transaction(async (tx) => {
      await ctx.record(tx, { message: { actor, companyId, id, content: input.content }, announce: { kind: "message", companyId, id } });
      // A new message has no files yet: they are attached to it afterwards, one upload each.
      const [inserted] = await tx
        .insert(messages)
        .values({ id, companyId, senderId: actor.userId, content: input.content })
        .onConflictDoNothing({ target: messages.id })
        .returning();
      if (!inserted) throw new AlreadyStored();
      return inserted;
    });
  } catch (error) {
    if (error instanceof AlreadyStored) return { created: false, message: await announcedAgain(ctx, companyId, id, input.content) };
    // An admin naming a company that does not exist (or was just deleted).
    if (isForeignKeyViolation(error)) throw notFound("Company not found");
    throw error;
  }
  failpoint("after-commit:message");
  const message: Message = {
    id: row.id,
    companyId: row.companyId,
    content: row.content,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    sender: { id: actor.userId, name: actor.name, email: actor.email, isAdmin: onProviderSide(actor) },
    attachments: [],
  };
  return { created: true, message };
}

/**
 * A retry of a stored send: the process that stored it may have died before answering, and
 * before ADR 038 also before announcing. Announcing it again costs each open screen one refetch;
 * leaving it unannounced could leave a quiet conversation stale on every screen.
 */
async function announcedAgain(ctx: ServiceContext, companyId: string, id: string, content: string): Promise<Message> {
  const message = await storedMessage(ctx, companyId, id, content);
  await ctx.announce(ctx.db, { kind: "message", companyId, id });
  return message;
}

/** The id exists: a retry of this very message is answered with the stored one; anything else is a clash. */
async function storedMessage({ db, actor }: ServiceContext, companyId: string, id: string, content: string): Promise<Message> {
  const [existing] = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(profiles, senderProfile)
    .leftJoin(userRoles, senderRole)
    .where(and(eq(messages.id, id), eq(messages.companyId, companyId), eq(messages.senderId, actor.userId), eq(messages.content, content)));
  if (!existing) throw conflict("id: Another message already has this id", [{ field: "id", message: "Another message already has this id" }]);
  const [message] = await withAttachments(db, "messageId", [toMessage(existing)]);
  return message!;
}

/**
 * Marks read what the other side wrote: a customer marks the provider team's messages, an admin
 * the customers' ones. `is_read` is one flag per message, so each side only clears its own inbox
 * (a customer opening the chat must not hide a colleague's message from the admins' unread count).
 */
export async function markMessagesRead(ctx: ServiceContext, input: MarkMessagesReadInput): Promise<{ updated: number }> {
  const companyId = await conversationCompany(ctx, input.companyId);
  if (!companyId) return { updated: 0 };
  const updated = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({ isRead: true })
      .where(
        and(
          eq(messages.companyId, companyId),
          // Already implied by conversationCompany; kept so the write itself cannot cross companies.
          messageScope(ctx.actor).where,
          eq(messages.isRead, false),
          onProviderSide(ctx.actor) ? fromCustomerSide : fromProviderSide,
        ),
      )
      .returning({ id: messages.id });
    // Read flags are part of the conversation too (spec 4: any change to messages refreshes the chat).
    const last = rows.at(-1);
    if (last) await ctx.record(tx, { announce: { kind: "message", companyId, id: last.id } });
    return rows.length;
  });
  return { updated };
}
