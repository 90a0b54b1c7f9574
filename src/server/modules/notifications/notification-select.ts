import { eq, sql } from "drizzle-orm";
import type { NotificationKind, NotificationSubject } from "@/shared/rules/notifications";
import type { Database } from "../../db/client";
import { companies, notifications, projects } from "../../db/schema";
import { micros } from "../keyset-cursor";
import { joinNamedRecords, recordName } from "../record-names";

/**
 * A notification as the bell and the mail both read it: its own columns, and what its record (or,
 * for a conversation or a company, the company) is called now. One select, so the two never
 * describe one notification differently.
 */
const noticeColumns = {
  id: notifications.id,
  atMicros: micros(notifications.createdAt),
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  kind: notifications.kind,
  companyId: notifications.companyId,
  ticketId: notifications.ticketId,
  projectId: notifications.projectId,
  invoiceId: notifications.invoiceId,
  quoteId: notifications.quoteId,
  actorName: notifications.actorName,
  field: notifications.field,
  from: notifications.fromValue,
  to: notifications.toValue,
  excerpt: notifications.excerpt,
  label: sql<string>`coalesce(${recordName}, ${companies.name})`,
  slug: projects.slug,
};

export interface NoticeRow {
  id: bigint;
  atMicros: string;
  createdAt: Date;
  readAt: Date | null;
  kind: NotificationKind;
  companyId: string;
  ticketId: string | null;
  projectId: string | null;
  invoiceId: string | null;
  quoteId: string | null;
  actorName: string | null;
  field: string | null;
  from: string | null;
  to: string | null;
  excerpt: string | null;
  label: string;
  slug: string | null;
}

/** `select … from notifications` joined to the records that name them; the caller adds where, order and limit. */
export const selectNotices = (db: Pick<Database, "select">) =>
  joinNamedRecords(db.select(noticeColumns).from(notifications).innerJoin(companies, eq(companies.id, notifications.companyId)).$dynamic(), notifications);

/** The kinds whose subject is a company's conversation; the other kinds without a record are about the company. */
const conversationKinds: readonly NotificationKind[] = ["message", "customer_message"];

/** What a notification is about: its record, else the company's conversation or the company itself. */
export function subjectOf(row: Pick<NoticeRow, "kind" | "companyId" | "ticketId" | "projectId" | "invoiceId" | "quoteId" | "label" | "slug">): {
  type: NotificationSubject;
  id: string;
  label: string;
  slug: string | null;
} {
  if (row.ticketId) return { type: "ticket", id: row.ticketId, label: row.label, slug: null };
  if (row.projectId) return { type: "project", id: row.projectId, label: row.label, slug: row.slug };
  if (row.invoiceId) return { type: "invoice", id: row.invoiceId, label: row.label, slug: null };
  if (row.quoteId) return { type: "quote", id: row.quoteId, label: row.label, slug: null };
  return { type: conversationKinds.includes(row.kind) ? "conversation" : "company", id: row.companyId, label: row.label, slug: null };
}
