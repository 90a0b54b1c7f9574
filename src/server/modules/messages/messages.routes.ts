import { z } from "@hono/zod-openapi";
import {
  conversationPageSchema,
  conversationsQueryFields,
  listMessagesQuerySchema,
  markMessagesReadInputSchema,
  markMessagesReadResultSchema,
  messageSchema,
  sendMessageInputSchema,
  withConversationRules,
} from "@/shared/schemas/message";
import { createRouter } from "../../http/context";
import { idempotent } from "../../http/idempotency";
import { bodyWrite, jsonBody, jsonContent, queryRead, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";
import { listConversations, MAX_EMBEDDED_MESSAGES } from "./conversations.service";
import { listMessages, markMessagesRead, sendMessage } from "./messages.service";
import { withAccessReason } from "../access-log/access-reason-openapi";

const route = sessionRoutes("Messages");

const list = route.get("/", "listMessages", "A company's conversation, oldest first", [400, 401, 404], withAccessReason({
  description:
    "Customers get their own company's conversation (an empty list without a company; another companyId is 404). " +
    "Admins must name the company. Returns the newest `limit` messages (older than message `before`, if given).",
  ...queryRead(listMessagesQuerySchema, z.array(messageSchema), "The messages"),
}));

const send = idempotent(route.post("/", "sendMessage", "Send a message to a company's conversation", [400, 401, 404, 409, 429], {
  description:
    "Customers always write to their own company (another companyId is 404; without a company 400). Admins must " +
    "name an existing company. With a client-generated `id`, a retry returns the stored message with 200 instead " +
    "of sending it twice; an id used for a different message is 409.",
  request: { body: jsonBody(sendMessageInputSchema) },
  responses: {
    201: jsonContent(messageSchema, "The new message"),
    200: jsonContent(messageSchema, "The message was already stored under this id"),
  },
}));

const markRead = route.post("/read", "markMessagesRead", "Mark the other side's messages in a conversation read", [400, 401, 404], {
  description: "Customers: the provider team's messages in their company's conversation. Admins: the customers' messages of `companyId`.",
  ...bodyWrite(markMessagesReadInputSchema, 200, markMessagesReadResultSchema, "How many messages were marked read"),
});

/**
 * The list answers every conversation's last message unless asked for more: 50 conversations × 10
 * messages each (the shared schema's default) made a 185 KB page. The web app asks `recent=10`.
 */
const conversationsQuery = withConversationRules(
  conversationsQueryFields.extend({
    recent: conversationsQueryFields.shape.recent
      .unwrap()
      .default(1)
      .describe(
        `How many of each conversation's newest messages to embed (default 1: the last one). ` +
          `Lowered to fit ${MAX_EMBEDDED_MESSAGES} messages per page, never below 1.`,
      ),
  }),
);

const conversations = route.get("/conversations", "listConversations", "Every company's conversation, latest activity or unread first (admin)", [400, 401, 403], {
  description:
    "The admin inbox. `order=unread` lists the conversations with unread customer messages first, then the rest, each group " +
    "newest first. Every page carries `nextCursor` (null on the last page): pass it as `cursor`, with the same q, order and " +
    "sort, for the page after it at the cost of the first (ADR 033); `page` must then be left out. `total` is the whole " +
    "filtered list's.",
  middleware: adminOnly,
  ...queryRead(conversationsQuery, conversationPageSchema, "A page of conversations"),
});

export function messageRoutes() {
  return createRouter()
    .openapi(conversations, async (c) => c.json(await listConversations(c.var.ctx, c.req.valid("query")), 200))
    .openapi(list, async (c) => c.json(await listMessages(c.var.ctx, c.req.valid("query")), 200))
    .openapi(send, async (c) => {
      const { message, created } = await sendMessage(c.var.ctx, c.req.valid("json"));
      return created ? c.json(message, 201) : c.json(message, 200);
    })
    .openapi(markRead, async (c) => c.json(await markMessagesRead(c.var.ctx, c.req.valid("json")), 200));
}
