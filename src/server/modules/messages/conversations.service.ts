import { and, asc, desc, eq, exists, ilike, sql, type SQL } from "drizzle-orm";
import type { Conversation, ConversationsQuery, Message } from "../../../shared/schemas/message";
import type { Page } from "../../../shared/schemas/pagination";
import type { Database } from "../../db/client";
import { cappedCount, cappedTotalColumn, splitTotal } from "../../db/count";
import { prepared } from "../../db/prepared";
import { companies, conversations, messages, profiles, userRoles } from "../../db/schema";
import type { Actor } from "../../http/context";
import { forbidden } from "../../http/problem";
import { senderProfile, senderRole, toIso, toMessage } from "./message-select";

/**
 * At most this many messages are embedded in one page, whatever `recent` asks for: `recent` is
 * lowered to fit (but never below 1, the last message). The same as the messages list's largest
 * page, so no answer of either holds more than 200 pages of text (plus each conversation's last
 * message): the bound docs/security.md states. The web app asks 10 × 10.
 */
export const MAX_EMBEDDED_MESSAGES = 200;

/** Messages embedded per conversation for this query. */
export const recentPerConversation = (query: Pick<ConversationsQuery, "recent" | "pageSize">) =>
  Math.max(1, Math.min(query.recent, Math.floor(MAX_EMBEDDED_MESSAGES / query.pageSize)));

/** `q` is matched as plain text: LIKE wildcards typed by the user are escaped. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One row per company that has messages, most recent activity first (or oldest with sort=asc).
 * Last activity and the counts come from the `conversations` summary, which triggers keep equal
 * to an aggregate of `messages` (ADR 009): the page is an index scan of its rows
 * (conversations_last_message_at_idx), and each row's newest messages are one index range of
 * messages_company_id_created_at_idx, in the same statement. The capped total runs alongside.
 */
export async function listConversations(db: Database, actor: Actor, query: ConversationsQuery): Promise<Page<Conversation>> {
  if (actor.role !== "admin") throw forbidden();
  const statement = prepared(db, `conversations_list_${query.q ? "q" : "all"}_${query.sort}`, (name) =>
    selectPage(db, query.sort, query.q ? sql`${sql.placeholder("q")}` : undefined).prepare(name),
  );
  const selected = await statement.execute({
    ...(query.q ? { q: containsPattern(query.q) } : {}),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    recent: recentPerConversation(query),
  });
  const { rows, counted } = await splitTotal(selected, query.page, () =>
    cappedCount(db, conversations, query.q ? matching(db, containsPattern(query.q)) : undefined),
  );

  const items: Conversation[] = [];
  let current: Conversation | undefined;
  for (const row of rows) {
    const message: Message = toMessage(row);
    if (current?.company.id !== row.companyId) {
      current = {
        company: { id: row.companyId, name: row.name },
        lastMessageAt: toIso(row.lastMessageAt),
        messageCount: row.messageCount,
        unreadCount: row.unreadCount,
        lastMessage: message,
        recentMessages: [],
      };
      items.push(current);
    }
    current.recentMessages.push(message);
    current.lastMessage = message;
  }
  return { items, ...counted, page: query.page, pageSize: query.pageSize };
}

/** The page query, with `limit`, `offset` and `recent` (and `q` when given) as placeholders. */
function selectPage(db: Database, sort: ConversationsQuery["sort"], pattern: SQL | undefined) {
  const where = pattern ? matching(db, pattern) : undefined;
  const direction = sort === "asc" ? asc : desc;
  // The page is picked from the summary alone: the company names are joined for its rows only,
  // not for every row a deep OFFSET skips.
  const page = db
    .select()
    .from(conversations)
    .where(where)
    .orderBy(direction(conversations.lastMessageAt), direction(conversations.companyId))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page");
  const latest = db
    .select({
      id: messages.id,
      content: messages.content,
      isRead: messages.isRead,
      createdAt: messages.createdAt,
      // Aliased: the subquery already has an `id` column (the message's).
      senderId: sql<string | null>`${profiles.id}`.as("sender_id"),
      senderName: sql<string | null>`${profiles.fullName}`.as("sender_name"),
      senderEmail: sql<string | null>`${profiles.email}`.as("sender_email"),
      senderRole: sql<string | null>`${userRoles.role}`.as("sender_role"),
    })
    .from(messages)
    .leftJoin(profiles, senderProfile)
    .leftJoin(userRoles, senderRole)
    .where(eq(messages.companyId, page.companyId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(sql.placeholder("recent"))
    .as("latest");

  return db
    .select({
      companyId: page.companyId,
      name: companies.name,
      lastMessageAt: page.lastMessageAt,
      messageCount: page.messageCount,
      unreadCount: page.unreadCount,
      id: latest.id,
      content: latest.content,
      isRead: latest.isRead,
      createdAt: latest.createdAt,
      senderId: latest.senderId,
      senderName: latest.senderName,
      senderEmail: latest.senderEmail,
      senderRole: latest.senderRole,
      // The capped total of every admin list, over the summary (the filter is an EXISTS on it).
      fullCount: cappedTotalColumn(conversations, where),
    })
    .from(page)
    .innerJoin(companies, eq(companies.id, page.companyId))
    // A summary row exists only while its company has messages (same snapshot): never empty.
    .innerJoinLateral(latest, sql`true`)
    // The page's order, then each conversation's messages oldest first, at full timestamp precision.
    .orderBy(direction(page.lastMessageAt), direction(page.companyId), asc(latest.createdAt), asc(latest.id));
}

/** Conversations whose company name matches the LIKE `pattern` (a placeholder or a value). */
function matching(db: Database, pattern: SQL | string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(companies)
      .where(and(eq(companies.id, conversations.companyId), ilike(companies.name, pattern))),
  );
}
