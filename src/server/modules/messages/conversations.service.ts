import { and, asc, desc, eq, exists, ilike, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { Conversation, ConversationOrder, ConversationPage, ConversationsQuery, Message } from "@/shared/schemas/message";
import type { Database } from "@/server/db/client";
import { keysetPagedList, pageSubquery } from "@/server/db/paged-list";
import { companies, conversations, messages, profiles, userRoles } from "@/server/db/schema";
import { forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { senderProfile, senderRole, toIso, toMessage } from "./message-select";
import { attachmentsOf } from "../files/file-select";
import { decodeKeysetCursor, encodeKeysetCursor, fromMicros, uuidIds, type KeysetCursor, type KeysetIds } from "../keyset-cursor";

/**
 * At most this many messages are embedded in one page, whatever `recent` asks for: `recent` is
 * lowered to fit (but never below 1, the last message). The same as the messages list's largest
 * page, so no answer of either holds more than 200 pages of text (plus each conversation's last
 * message): the bound docs/security.md states. The web app asks 10 × 10.
 */
export const MAX_EMBEDDED_MESSAGES = 200;

/** Messages embedded per conversation for this query. */
const recentPerConversation = (query: Pick<ConversationsQuery, "recent" | "pageSize">) =>
  Math.max(1, Math.min(query.recent, Math.floor(MAX_EMBEDDED_MESSAGES / query.pageSize)));

/** `q` is matched as plain text: LIKE wildcards typed by the user are escaped. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One row per company that has messages, most recent activity first (or oldest with sort=asc), or
 * with `order=unread` the conversations with unread customer messages before the rest, each group
 * newest first. Last activity and the counts come from the `conversations` summary, which triggers
 * keep equal to an aggregate of `messages` (ADR 009): the page is an index scan of its rows
 * (conversations_last_message_at_idx, or conversations_unread_first_idx for unread first), and each
 * row's newest messages are one index range of messages_company_id_created_at_idx, in the same
 * statement. The capped total runs alongside. Paged by number or, after a `cursor`, by keyset
 * (ADR 033): the position is the last conversation's unread flag (unread first only), last activity
 * in microseconds and company id; a cursor of the other order is a 400 naming `cursor`.
 */
export async function listConversations({ db, actor }: ServiceContext, query: ConversationsQuery): Promise<ConversationPage> {
  if (!can(actor, "readAll", "conversation")) throw forbidden();
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const order = orderOf(query);
  const cursor = query.cursor ? decodeKeysetCursor(query.cursor, positionIds[query.order]) : undefined;
  const position = cursor && positionOf(cursor);
  const { rows, ...counted } = await keysetPagedList(db, {
    name: `conversations_list_${pattern ? "q" : "all"}_${query.order}_${query.sort}${cursor ? "_after" : ""}`,
    table: conversations,
    // Admins only, so no company scope: the filter is the name search alone.
    filter: {
      values: pattern ? { q: pattern } : {},
      where: () => (pattern ? matching(db, sql`${sql.placeholder("q")}`) : undefined),
      whereWithValues: () => (pattern ? matching(db, pattern) : undefined),
    },
    paging: query,
    after: position && order.after(),
    values: { recent: recentPerConversation(query), ...position },
    select: (where, fullCount) => selectPage(db, order, where, fullCount),
    itemKey: (row) => row.companyId,
    cursorOf: (row) =>
      encodeKeysetCursor({ atMicros: BigInt(row.atMicros), id: query.order === "unread" ? `${row.unreadCount > 0 ? "u" : "r"}${row.companyId}` : row.companyId }),
  });

  // Every embedded message's files in one query for the page.
  const files = await attachmentsOf(db, "messageId", rows.map((row) => row.id));
  const items: Conversation[] = [];
  let current: Conversation | undefined;
  for (const row of rows) {
    const message: Message = { ...toMessage(row), attachments: files.get(row.id) ?? [] };
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
  return { items, ...counted };
}

/**
 * How a cursor writes its company id: as PostgreSQL writes a uuid, after `u` (the conversation had
 * unread customer messages) or `r` (it had none) in the unread-first order.
 */
const uuidText = uuidIds.pattern.source.slice(1, -1);
const positionIds: Record<ConversationOrder, KeysetIds<string>> = {
  activity: uuidIds,
  unread: { pattern: new RegExp(`^[ur]${uuidText}$`), parse: (text) => text },
};

/** The cursor's position as the statement's placeholder values. */
function positionOf(cursor: KeysetCursor<string>) {
  const flagged = /^[ur]/.test(cursor.id);
  return {
    afterMicros: cursor.atMicros.toString(),
    afterId: flagged ? cursor.id.slice(1) : cursor.id,
    ...(flagged ? { afterUnread: cursor.id.startsWith("u") } : {}),
  };
}

/** `unread_count > 0`, written as conversations_unread_first_idx has it, so the index serves the order and the cursor. */
const hasUnread = (unreadCount: SQL | AnyColumn) => sql`(${unreadCount} > 0)`;

/**
 * The list's order, on the summary and again on the page picked from it, and the rows after a
 * position in it: every key runs the same way, so one row comparison is the index range.
 */
function orderOf(query: Pick<ConversationsQuery, "order" | "sort">) {
  const direction = query.sort === "asc" ? asc : desc;
  const unreadFirst = query.order === "unread";
  const keys = (row: { unreadCount: AnyColumn | SQL; lastMessageAt: AnyColumn | SQL; companyId: AnyColumn | SQL }) => [
    ...(unreadFirst ? [hasUnread(row.unreadCount)] : []),
    row.lastMessageAt,
    row.companyId,
  ];
  return {
    by: (row: Parameters<typeof keys>[0]) => keys(row).map((key) => direction(key)),
    after: () => {
      const position = [
        ...(unreadFirst ? [sql`${sql.placeholder("afterUnread")}::boolean`] : []),
        fromMicros(sql.placeholder("afterMicros")),
        sql`${sql.placeholder("afterId")}::uuid`,
      ];
      const row = sql.join(keys(conversations), sql`, `);
      return sql`(${row}) ${query.sort === "asc" ? sql`>` : sql`<`} (${sql.join(position, sql`, `)})`;
    },
  };
}

/** The page query, with `limit`, `offset` and `recent` (and `q` in `where`, when given) as placeholders. */
function selectPage(db: Database, order: ReturnType<typeof orderOf>, where: SQL | undefined, fullCount: SQL<number>) {
  // The page is picked from the summary alone: the company names are joined for its rows only,
  // not for every row a deep OFFSET skips.
  const page = pageSubquery(db.select().from(conversations).where(where).orderBy(...order.by(conversations)).$dynamic());
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
      // The cursor's exact form of the time (a Date would round it to milliseconds).
      atMicros: sql<string>`(extract(epoch from ${page.lastMessageAt}) * 1000000)::bigint::text`,
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
      fullCount,
    })
    .from(page)
    .innerJoin(companies, eq(companies.id, page.companyId))
    // A summary row exists only while its company has messages (same snapshot): never empty.
    .innerJoinLateral(latest, sql`true`)
    // The page's order, then each conversation's messages oldest first, at full timestamp precision.
    .orderBy(...order.by(page), asc(latest.createdAt), asc(latest.id));
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
