import { and, asc, eq, sql, type AnyColumn } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Comment } from "@/shared/schemas/comment";
import type { PorticoEvent } from "@/shared/schemas/event";
import type { Database } from "@/server/db/client";
import { can } from "@/shared/policies";
import { profiles, projectComments, ticketComments, userRoles } from "@/server/db/schema";
import type { ServiceContext } from "../context";
import { withAttachments } from "../files/file-select";
import type { RecordRef } from "@/server/changes/change";
import { failpoint } from "@/server/ops/failpoint";

/**
 * What a project's and a ticket's comment threads share: the same columns, the same reading order
 * and the same answer. Each service first checks that the caller may see the parent record
 * (D11), then reads or writes the thread through these.
 */
type CommentTable = typeof projectComments | typeof ticketComments;

/** Which column of `files` names a comment of each table. */
const attachmentColumn = (table: CommentTable) => (table === projectComments ? "projectCommentId" : "ticketCommentId");

/** A ticket comment's own flag; a project's comments are never internal notes. */
const internalColumn = (table: CommentTable) => (table === ticketComments ? ticketComments.internal : sql<boolean>`false`);

/**
 * Oldest first; an author whose account is gone is null (drizzle nulls the left-joined object).
 * `byTeam`: the author holds the admin role now (user_roles has one row per user), the one thing
 * the thread tells about an author beyond what the comment already shows. The comments'
 * attachments come from one more query for the whole thread. `withInternalNotes`: the caller is
 * the team; anyone else's thread has no internal note in it, not even as a gap.
 */
export async function readThread(
  db: Database,
  table: CommentTable,
  parentColumn: AnyColumn,
  parentId: string,
  { withInternalNotes = false }: { withInternalNotes?: boolean } = {},
): Promise<Comment[]> {
  const internal = internalColumn(table);
  const rows = await db
    .select({
      id: table.id,
      content: table.content,
      createdAt: table.createdAt,
      author: { id: profiles.id, name: profiles.fullName, email: profiles.email },
      byTeam: sql<boolean>`${userRoles.userId} IS NOT NULL`,
      internal,
    })
    .from(table)
    .leftJoin(profiles, eq(profiles.id, table.userId))
    .leftJoin(userRoles, and(eq(userRoles.userId, table.userId), eq(userRoles.role, "admin")))
    .where(and(eq(parentColumn, parentId), table === ticketComments && !withInternalNotes ? eq(ticketComments.internal, false) : undefined))
    .orderBy(asc(table.createdAt), asc(table.id));
  return withAttachments(db, attachmentColumn(table), rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })));
}

/**
 * Adds the caller's comment, its line in the record's history (ADR 028) and its announcement
 * `event` (ADR 038) in one transaction: no client hears of it before it is there, and every
 * client hears of it once it is. The author is always the caller. An internal note (`internal`,
 * the team's, checked by the caller) is history and an event for admins only: no customer's
 * screen, notification, mail or webhook hears of it.
 */
export async function addToThread<T extends CommentTable>(
  { db, actor, record }: ServiceContext,
  { table, values, subject, event, internal = false }: { table: T; values: PgInsertValue<T>; subject: RecordRef; event: PorticoEvent; internal?: boolean },
): Promise<Comment> {
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(table).values(values).returning({ id: table.id, content: table.content, createdAt: table.createdAt });
    await record(tx, {
      history: { actor, subject, entries: [{ kind: "commented" }], excerpt: inserted!.content, commentId: inserted!.id, adminOnly: internal },
      announce: internal ? { ...event, adminsOnly: true } : event,
    });
    return inserted!;
  });
  failpoint("after-commit:comment");
  // A new comment has no files yet: they are attached to it afterwards, one upload each.
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    author: { id: actor.userId, name: actor.name, email: actor.email },
    // The team is who reads every company's threads: the admins, as readThread's join says.
    byTeam: can(actor, "readAll", "comment"),
    internal,
    attachments: [],
  };
}
