import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { Page } from "@/shared/schemas/pagination";
import type { OutboxListQuery, OutboxMail } from "@/shared/schemas/outbox";
import { cappedCount } from "@/server/db/count";
import { mailOutbox } from "@/server/db/schema";
import { containsText } from "@/server/db/scope";
import { forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";

const columns = {
  id: mailOutbox.id,
  template: mailOutbox.template,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  // Never the live text: the one with its secret links removed (mail/redaction.ts).
  text: mailOutbox.shownText,
  createdAt: mailOutbox.createdAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  finishedAt: mailOutbox.finishedAt,
};

/**
 * Every outgoing mail, newest first: admins with a session only (the policy refuses API tokens:
 * ADR 030, amended). Each mail's text is shown with its secret links removed, never the live text
 * the worker sends. Belongs to no company, so there is no tenant scope to apply, only the policy.
 */
export async function listOutbox({ db, actor }: ServiceContext, query: OutboxListQuery): Promise<Page<OutboxMail>> {
  if (!can(actor, "read", "mail")) throw forbidden();
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(mailOutbox.status, query.status));
  if (query.q) filters.push(containsText(mailOutbox.toAddress, query.q));
  const where = and(...filters);
  const direction = query.sort === "asc" ? asc : desc;
  const [rows, counted] = await Promise.all([
    db
      .select(columns)
      .from(mailOutbox)
      .where(where)
      .orderBy(direction(mailOutbox.createdAt), query.sort === "asc" ? desc(mailOutbox.id) : asc(mailOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    cappedCount(db, mailOutbox, where),
  ]);
  const items = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    // A sent or failed mail has no next attempt; a queued one's is when the worker takes it next.
    nextAttemptAt: row.status === "queued" ? row.nextAttemptAt.toISOString() : null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }));
  return { items, ...counted, page: query.page, pageSize: query.pageSize };
}
