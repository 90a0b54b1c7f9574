import { asc, sql } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import {
  accounts,
  companies,
  companyUsers,
  fileChunks,
  fileObjectDeletions,
  files,
  invoices,
  messages,
  notificationPreferences,
  profiles,
  projectComments,
  projects,
  ticketComments,
  tickets,
  userRoles,
} from "@/server/db/schema";

/**
 * Every row of every table a request could change (all but sessions and rate-limit counters, which
 * each request may legitimately touch), in a stable order. Two equal snapshots mean nothing was
 * written: no row added, removed or changed in any column.
 */
export async function snapshot(db: Database): Promise<Record<string, unknown[]>> {
  const [c, cu, p, pc, t, tc, i, m, pr, a, ur, f, fc, fo, np] = await Promise.all([
    db.select().from(companies).orderBy(asc(companies.id)),
    db.select().from(companyUsers).orderBy(asc(companyUsers.userId)),
    db.select().from(projects).orderBy(asc(projects.id)),
    db.select().from(projectComments).orderBy(asc(projectComments.id)),
    db.select().from(tickets).orderBy(asc(tickets.id)),
    db.select().from(ticketComments).orderBy(asc(ticketComments.id)),
    db.select().from(invoices).orderBy(asc(invoices.id)),
    db.select().from(messages).orderBy(asc(messages.id)),
    db.select().from(profiles).orderBy(asc(profiles.id)),
    db.select().from(accounts).orderBy(asc(accounts.id)),
    db.select().from(userRoles).orderBy(asc(userRoles.userId)),
    db.select().from(files).orderBy(asc(files.id)),
    // The bytes only by their size: equal rows and sizes mean no chunk was added, removed or replaced.
    db.select({ fileId: fileChunks.fileId, seq: fileChunks.seq, bytes: sql<number>`octet_length(${fileChunks.data})` }).from(fileChunks).orderBy(asc(fileChunks.fileId), asc(fileChunks.seq)),
    db.select().from(fileObjectDeletions).orderBy(asc(fileObjectDeletions.fileId)),
    db.select().from(notificationPreferences).orderBy(asc(notificationPreferences.userId), asc(notificationPreferences.kind)),
  ]);
  return {
    companies: c,
    company_users: cu,
    projects: p,
    project_comments: pc,
    tickets: t,
    ticket_comments: tc,
    invoices: i,
    messages: m,
    profiles: pr,
    accounts: a,
    user_roles: ur,
    files: f,
    file_chunks: fc,
    file_object_deletions: fo,
    notification_preferences: np,
  };
}

/** Row counts per table, for failure messages that say at a glance what changed. */
export const rowCounts = (snap: Record<string, unknown[]>) => Object.fromEntries(Object.entries(snap).map(([table, rows]) => [table, rows.length]));
