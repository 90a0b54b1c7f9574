import { z } from "zod";
import { storable } from "./text";
import { MESSAGE_MAX_LENGTH, messageMessages, NO_COMPANY_FOR_MESSAGES } from "../rules/message";
import { keysetCursorSchema, pageOf, pageQuerySchema } from "./pagination";
import { attachmentsShape } from "./file";
import { instantSchema, namedRecordSchema, personSchema } from "./records";

export { MESSAGE_MAX_LENGTH, NO_COMPANY_FOR_MESSAGES };

export const messageContentSchema = storable(z.string().trim().min(1, messageMessages.empty).max(MESSAGE_MAX_LENGTH, messageMessages.tooLong));

export const sendMessageInputSchema = z.object({
  content: messageContentSchema,
  /** Admins: required. Customers: optional, and only their own company is accepted. */
  companyId: z.uuid().optional(),
  /**
   * Optional client-generated message id (a UUID v4). Sending the same id again returns the stored
   * message instead of creating a second one, so a retry after a lost response never doubles it.
   */
  id: z.uuid().optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

export const messageSenderSchema = personSchema.extend({ isAdmin: z.boolean() });

export const messageSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: instantSchema,
  /** null when the sender's account was deleted. */
  sender: messageSenderSchema.nullable(),
  /** Files attached to the message, oldest first (its sender or an admin attaches them). */
  ...attachmentsShape,
});
export type Message = z.infer<typeof messageSchema>;

export const MESSAGES_DEFAULT_LIMIT = 200;
/** With MESSAGE_MAX_LENGTH, what bounds the largest answer (docs/security.md, "probed from outside"). */
export const MESSAGES_MAX_LIMIT = 200;

export const listMessagesQuerySchema = z.object({
  /** Admins: required. Customers: optional, own company only. */
  companyId: z.uuid().optional(),
  /** The newest `limit` messages (before `before`, a message id, when given), returned oldest first. */
  limit: z.coerce.number().int().min(1).max(MESSAGES_MAX_LIMIT).default(MESSAGES_DEFAULT_LIMIT),
  before: z.uuid().optional(),
});
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;

export const markMessagesReadInputSchema = z.object({
  /** Admins: required. Customers: optional, own company only. */
  companyId: z.uuid().optional(),
});
export type MarkMessagesReadInput = z.infer<typeof markMessagesReadInputSchema>;

export const markMessagesReadResultSchema = z.object({ updated: z.number().int().min(0) });

/** The inbox's two orders: latest activity first, or conversations with unread customer messages before the rest. */
export const conversationOrders = ["activity", "unread"] as const;
export type ConversationOrder = (typeof conversationOrders)[number];

/** The conversation list's parameters, before the rules that tie them together (`withConversationRules`). */
export const conversationsQueryFields = pageQuerySchema.extend({
  /** How many of each conversation's newest messages to include. */
  recent: z.coerce.number().int().min(1).max(50).default(10),
  /** `unread`: conversations with unread customer messages first, each group by latest activity (newest first only). */
  order: z.enum(conversationOrders).default("activity"),
  /** The page after this position (a previous page's nextCursor) instead of a page number (ADR 033). */
  cursor: keysetCursorSchema,
});

/** A cursor says where a page starts, so it takes no page number; unread first has one direction. */
export const withConversationRules = <T extends z.ZodType<{ page: number; cursor?: string | undefined; order: ConversationOrder; sort: "asc" | "desc" }>>(schema: T) =>
  schema
    .refine((query) => !query.cursor || query.page === 1, { path: ["page"], message: "Leave page out with a cursor: the cursor says where the page starts" })
    .refine((query) => query.order !== "unread" || query.sort === "desc", {
      path: ["sort"],
      message: "Unread first lists newest first within each group: leave sort out",
    });

export const conversationsQuerySchema = withConversationRules(conversationsQueryFields);
export type ConversationsQuery = z.infer<typeof conversationsQuerySchema>;

export const conversationSchema = z.object({
  company: namedRecordSchema,
  lastMessageAt: instantSchema,
  messageCount: z.number().int().min(1),
  /** Customer messages the provider team has not read yet. */
  unreadCount: z.number().int().min(0),
  lastMessage: messageSchema,
  /** The newest `recent` messages, oldest first. */
  recentMessages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPageSchema = pageOf(conversationSchema).extend({
  /** The cursor of the next page (with the same q, order and sort), by page number or by cursor alike; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;
