import { and, desc, eq, sql } from "drizzle-orm";
import {
  NO_COMPANY_FOR_MESSAGES,
  type ListMessagesQuery,
  type MarkMessagesReadInput,
  type Message,
  type SendMessageInput,
} from "../../../shared/schemas/message";
import type { Database } from "../../db/client";
import { companies, messages, profiles, userRoles } from "../../db/schema";
import { prepared } from "../../db/prepared";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/problem";
import { fromCustomerSide, fromProviderSide, messageColumns, senderProfile, senderRole, toMessage } from "./message-select";

const companyRequired = () =>
  badRequest("companyId: Choose the company of the conversation", [
    { field: "companyId", message: "Choose the company of the conversation" },
  ]);

/**
 * The conversation the actor means. Customers: their own company, whatever they ask for (another
 * company is 404, as if it did not exist: DESIGN D11); `null` when they have no company yet.
 * Admins: the company they name, which must exist.
 */
async function conversationOf(db: Database, actor: Actor, companyId: string | undefined): Promise<string | null> {
  if (actor.role !== "admin") {
    if (companyId && companyId !== actor.companyId) throw notFound("Company not found");
    return actor.companyId;
  }
  if (!companyId) throw companyRequired();
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound("Company not found");
  return company.id;
}

/** The newest `limit` messages of the conversation (before `before`), oldest first. */
export async function listMessages(db: Database, actor: Actor, query: ListMessagesQuery): Promise<Message[]> {
  const companyId = await conversationOf(db, actor, query.companyId);
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
  const rows = await statement.execute({ company: companyId, limit: query.limit, ...(query.before ? { before: query.before } : {}) });
  // Newest first from the index, oldest first on screen. (A copy: the rows may be shared, read-cache.ts.)
  return rows.toReversed().map(toMessage);
}

export interface SentMessage {
  message: Message;
  /** false when the client's id was already stored: the earlier message is returned, nothing is written. */
  created: boolean;
}

/** The company a message goes to. Unlike conversationOf it does not look the company up: the insert's foreign key does. */
function recipientOf(actor: Actor, companyId: string | undefined): string {
  if (actor.role === "admin") {
    if (!companyId) throw companyRequired();
    return companyId;
  }
  if (!actor.companyId) throw badRequest(NO_COMPANY_FOR_MESSAGES);
  if (companyId && companyId !== actor.companyId) throw notFound("Company not found");
  return actor.companyId;
}

const isForeignKeyViolation = (error: unknown) => {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return (cause as { code?: unknown }).code === "23503";
};

export async function sendMessage(db: Database, actor: Actor, input: SendMessageInput): Promise<SentMessage> {
  const companyId = recipientOf(actor, input.companyId);
  const values = { companyId, senderId: actor.userId, content: input.content, ...(input.id ? { id: input.id } : {}) };
  const [row] = await db
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: messages.id })
    .returning()
    .catch((error: unknown) => {
      // An admin naming a company that does not exist (or was just deleted).
      if (isForeignKeyViolation(error)) throw notFound("Company not found");
      throw error;
    });
  const sender = { id: actor.userId, name: actor.name, email: actor.email, isAdmin: actor.role === "admin" };
  if (row) {
    return {
      created: true,
      message: {
        id: row.id,
        companyId: row.companyId,
        content: row.content,
        isRead: row.isRead,
        createdAt: row.createdAt.toISOString(),
        sender,
      },
    };
  }
  // The id exists: a retry of this very message is answered with the stored one; anything else is a clash.
  const [existing] = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(profiles, senderProfile)
    .leftJoin(userRoles, senderRole)
    .where(
      and(
        eq(messages.id, input.id!),
        eq(messages.companyId, companyId),
        eq(messages.senderId, actor.userId),
        eq(messages.content, input.content),
      ),
    );
  if (!existing) throw conflict("id: Another message already has this id", [{ field: "id", message: "Another message already has this id" }]);
  return { created: false, message: toMessage(existing) };
}

export interface MarkedRead {
  companyId: string | null;
  ids: string[];
}

/**
 * Marks read what the other side wrote: a customer marks the provider team's messages, an admin
 * the customers' ones. `is_read` is one flag per message, so each side only clears its own inbox
 * (a customer opening the chat must not hide a colleague's message from the admins' unread count).
 */
export async function markMessagesRead(db: Database, actor: Actor, input: MarkMessagesReadInput): Promise<MarkedRead> {
  const companyId = await conversationOf(db, actor, input.companyId);
  if (!companyId) return { companyId: null, ids: [] };
  const rows = await db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.isRead, false),
        actor.role === "admin" ? fromCustomerSide : fromProviderSide,
      ),
    )
    .returning({ id: messages.id });
  return { companyId, ids: rows.map((row) => row.id) };
}
