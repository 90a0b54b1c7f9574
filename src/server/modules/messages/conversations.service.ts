import { asc, countDistinct, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Conversation, ConversationsQuery } from "../../../shared/schemas/message";
import type { Page } from "../../../shared/schemas/pagination";
import type { Database } from "../../db/client";
import { companies, messages, profiles, userRoles } from "../../db/schema";
import type { Actor } from "../../http/context";
import { forbidden } from "../../http/problem";
import { senderProfile, senderRole, toIso, toMessage, type MessageRow } from "./message-select";

/** `q` is matched as plain text: LIKE wildcards typed by the user are escaped. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One row per company that has messages, most recent activity first (or oldest with sort=asc).
 * Counts, last activity and the total come from one aggregate query over messages; the page's
 * recent messages from a second query, one index range per company (messages_company_id_created_at_idx).
 */
export async function listConversations(db: Database, actor: Actor, query: ConversationsQuery): Promise<Page<Conversation>> {
  if (actor.role !== "admin") throw forbidden();
  const summary = db.$with("summary").as(
    db
      .select({
        companyId: messages.companyId,
        lastMessageAt: sql<Date | string>`max(${messages.createdAt})`.as("last_message_at"),
        messageCount: sql<number>`count(*)::int`.as("message_count"),
        // Customer messages not yet read by the provider team; a deleted sender counts as a customer.
        unreadCount: sql<number>`(count(*) filter (where not ${messages.isRead} and ${userRoles.role} is distinct from 'admin'))::int`.as(
          "unread_count",
        ),
      })
      .from(messages)
      .leftJoin(userRoles, senderRole)
      .groupBy(messages.companyId),
  );
  const where = query.q ? ilike(companies.name, contains(query.q)) : undefined;
  const direction = query.sort === "asc" ? asc : desc;
  const rows = await db
    .with(summary)
    .select({
      id: companies.id,
      name: companies.name,
      lastMessageAt: summary.lastMessageAt,
      messageCount: summary.messageCount,
      unreadCount: summary.unreadCount,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(summary)
    .innerJoin(companies, eq(companies.id, summary.companyId))
    .where(where)
    .orderBy(direction(summary.lastMessageAt), direction(companies.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  // Past the last page the window count has no row to ride on; count separately only then.
  const total = rows[0]?.total ?? (query.page > 1 ? await countConversations(db, where) : 0);
  const recent = await recentMessages(
    db,
    rows.map((row) => row.id),
    query.recent,
  );
  return {
    items: rows.map((row) => {
      const latest = recent.get(row.id) ?? [];
      return {
        company: { id: row.id, name: row.name },
        lastMessageAt: toIso(row.lastMessageAt),
        messageCount: row.messageCount,
        unreadCount: row.unreadCount,
        lastMessage: latest[latest.length - 1]!,
        recentMessages: latest,
      };
    }),
    total,
    // One row per company with messages: bounded by the number of customers, so counted exactly.
    totalExact: true,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function countConversations(db: Database, where: ReturnType<typeof ilike> | undefined): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(messages.companyId) })
    .from(messages)
    .innerJoin(companies, eq(companies.id, messages.companyId))
    .where(where);
  return row?.n ?? 0;
}

/** The newest `limit` messages of each company, oldest first, keyed by company id. */
async function recentMessages(db: Database, companyIds: string[], limit: number): Promise<Map<string, ReturnType<typeof toMessage>[]>> {
  const byCompany = new Map<string, ReturnType<typeof toMessage>[]>();
  if (companyIds.length === 0) return byCompany;
  const latest = db
    .select({
      id: messages.id,
      companyId: messages.companyId,
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
    .where(eq(messages.companyId, companies.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .as("latest");
  const rows: MessageRow[] = await db
    .select({
      id: latest.id,
      companyId: latest.companyId,
      content: latest.content,
      isRead: latest.isRead,
      createdAt: latest.createdAt,
      senderId: latest.senderId,
      senderName: latest.senderName,
      senderEmail: latest.senderEmail,
      senderRole: latest.senderRole,
    })
    .from(companies)
    .innerJoinLateral(latest, sql`true`)
    .where(inArray(companies.id, companyIds))
    // The same order as the conversation itself, at the database's full timestamp precision.
    .orderBy(asc(latest.createdAt), asc(latest.id));
  for (const row of rows) {
    const list = byCompany.get(row.companyId) ?? [];
    list.push(toMessage(row));
    byCompany.set(row.companyId, list);
  }
  return byCompany;
}
