import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { MarkNotificationsRead, Notification, NotificationPage, NotificationQuery, UnreadCounts } from "@/shared/schemas/notification";
import { conversations, messages, notifications } from "@/server/db/schema";
import type { ServiceContext } from "../context";
import { before, keysetPage } from "../keyset-cursor";
import { fromProviderSide } from "../messages/message-select";
import { messageScope, notificationScope } from "../scopes";
import { selectNotices, subjectOf, type NoticeRow } from "./notification-select";

function toNotification(row: NoticeRow): Notification {
  return {
    id: row.id.toString(),
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    companyId: row.companyId,
    subject: subjectOf(row),
    actorName: row.actorName,
    field: row.field,
    from: row.from,
    to: row.to,
    excerpt: row.excerpt,
  };
}

/** The caller's notifications, newest first, a keyset page at a time. */
export async function listNotifications({ db, actor, billing }: ServiceContext, query: NotificationQuery): Promise<NotificationPage> {
  const rows = await selectNotices(db)
    .where(and(notificationScope(actor).where, query.unread ? isNull(notifications.readAt) : undefined, before(notifications.createdAt, notifications.id, query.cursor)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage<NoticeRow>(rows, query.limit);
  return { items: page.map(toNotification), nextCursor, currency: billing.currency };
}

const unread = sql`${notifications.readAt} is null`;
const count = (where?: SQL) => sql<number>`count(*)${where ? sql` filter (where ${where})` : sql``}`.mapWith(Number);

/** The bell's count, the nav items' dots, and the chat's unread messages from the other side. */
export async function unreadCounts({ db, actor }: ServiceContext): Promise<UnreadCounts> {
  const [counts] = await db
    .select({
      total: count(),
      tickets: count(sql`${notifications.ticketId} is not null`),
      projects: count(sql`${notifications.projectId} is not null`),
      invoices: count(sql`${notifications.invoiceId} is not null`),
      quotes: count(sql`${notifications.quoteId} is not null`),
      messages: count(inArray(notifications.kind, ["message", "customer_message"])),
      company: count(eq(notifications.kind, "member_joined")),
    })
    .from(notifications)
    .where(and(notificationScope(actor).where, unread));
  const { total, ...areas } = counts ?? { total: 0, tickets: 0, projects: 0, invoices: 0, quotes: 0, messages: 0, company: 0 };
  return { total, areas, chat: await unreadChat({ db, actor }) };
}

/**
 * Chat messages from the other side not yet read: for the team, the sum the conversation cards
 * show, read from `conversations` (kept by triggers, ADR 009) rather than counted over every
 * company's messages; for a customer, their own company's messages from the team.
 */
async function unreadChat({ db, actor }: Pick<ServiceContext, "db" | "actor">): Promise<number> {
  if (can(actor, "readAll", "conversation")) {
    const [team] = await db.select({ count: sql<number>`coalesce(sum(${conversations.unreadCount}), 0)`.mapWith(Number) }).from(conversations);
    return team?.count ?? 0;
  }
  if (!actor.companyId) return 0;
  const [customer] = await db
    .select({ count: count() })
    .from(messages)
    .where(and(messageScope(actor).where, eq(messages.isRead, false), fromProviderSide));
  return customer?.count ?? 0;
}

const subjectCondition = {
  ticket: (id: string) => eq(notifications.ticketId, id),
  project: (id: string) => eq(notifications.projectId, id),
  invoice: (id: string) => eq(notifications.invoiceId, id),
  quote: (id: string) => eq(notifications.quoteId, id),
  conversation: (id: string) => and(eq(notifications.companyId, id), inArray(notifications.kind, ["message", "customer_message"])),
  company: (id: string) => and(eq(notifications.companyId, id), eq(notifications.kind, "member_joined")),
};

/** Marks the caller's own notifications read: the listed ones, every one about a record, or all. Others' ids change nothing. */
export async function markNotificationsRead({ db, actor }: ServiceContext, input: MarkNotificationsRead): Promise<{ updated: number }> {
  const which = "ids" in input ? inArray(notifications.id, input.ids.map(BigInt)) : "subject" in input ? subjectCondition[input.subject.type](input.subject.id) : undefined;
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(notificationScope(actor).where, unread, which))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
