import { and, asc, desc, eq, gt, isNull, ne, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { TicketStatus } from "@/shared/enums";
import { OVERVIEW_LIST_MAX, type CappedOverviewCount, type WorkQueue } from "@/shared/schemas/overview";
import { cappedCount } from "@/server/db/count";
import { companies, conversations, invoices, projects, tickets } from "@/server/db/schema";
import type { ServiceContext } from "../context";
import { overdueOn, todayIn } from "../invoices/overdue";

const company = { id: companies.id, name: companies.name };

/** Counts up to COUNT_CAP (10,000): the queue's cost stays flat however many rows match. */
async function countOf(ctx: ServiceContext, table: PgTable, where: SQL | undefined): Promise<CappedOverviewCount> {
  const { total, totalExact } = await cappedCount(ctx.db, table, where);
  return { count: total, exact: totalExact };
}

/**
 * Each list is read with the index made for it, newest (or most pressing) first, stopping after
 * OVERVIEW_LIST_MAX rows; each count stops at COUNT_CAP:
 * - new tickets: the partial index tickets_unseen_created_at_idx (only unseen tickets are in it);
 * - unread conversations: the per-company summary `conversations` (one row per company, ADR 009),
 *   by conversations_last_message_at_idx;
 * - tickets by status: tickets_status_created_at_idx, a range per status;
 * - unassigned projects: projects_assigned_to_idx (null assignees are in the btree);
 * - overdue invoices: the partial index invoices_unpaid_due_date_idx (migration 0026), in due-date order;
 * Every company's rows, unscoped: the caller has checked that the actor reads all of them.
 */
export async function unscopedWorkQueue(ctx: ServiceContext): Promise<WorkQueue> {
  const { db } = ctx;
  const unseen = isNull(tickets.seenByTeamAt);
  const unread = gt(conversations.unreadCount, 0);
  const overdue = overdueOn(todayIn(ctx.billing.timeZone));
  const unassigned = and(isNull(projects.assignedTo), ne(projects.status, "completed"));
  const byStatus = (status: TicketStatus) => countOf(ctx, tickets, eq(tickets.status, status));

  const [newTickets, newTicketsCount, conversationRows, conversationCount, invoiceRows, invoiceCount, projectRows, projectCount, pending, doing, done] =
    await Promise.all([
      db
        .select({ id: tickets.id, number: tickets.number, title: tickets.title, priority: tickets.priority, createdAt: tickets.createdAt, company })
        .from(tickets)
        .innerJoin(companies, eq(companies.id, tickets.companyId))
        .where(unseen)
        .orderBy(desc(tickets.createdAt))
        .limit(OVERVIEW_LIST_MAX),
      countOf(ctx, tickets, unseen),
      db
        .select({ unreadCount: conversations.unreadCount, lastMessageAt: conversations.lastMessageAt, company })
        .from(conversations)
        .innerJoin(companies, eq(companies.id, conversations.companyId))
        .where(unread)
        .orderBy(desc(conversations.lastMessageAt), desc(conversations.companyId))
        .limit(OVERVIEW_LIST_MAX),
      countOf(ctx, conversations, unread),
      db
        .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, amount: invoices.amount, dueDate: invoices.dueDate, company })
        .from(invoices)
        .innerJoin(companies, eq(companies.id, invoices.companyId))
        .where(overdue)
        .orderBy(asc(invoices.dueDate), asc(invoices.invoiceNumber))
        .limit(OVERVIEW_LIST_MAX),
      countOf(ctx, invoices, overdue),
      db
        .select({ id: projects.id, slug: projects.slug, name: projects.name, status: projects.status, company })
        .from(projects)
        .innerJoin(companies, eq(companies.id, projects.companyId))
        .where(unassigned)
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(OVERVIEW_LIST_MAX),
      countOf(ctx, projects, unassigned),
      byStatus("pending"),
      byStatus("doing"),
      byStatus("done"),
    ]);

  return {
    newTickets: { total: newTicketsCount, items: newTickets.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) },
    unreadConversations: { total: conversationCount, items: conversationRows.map((row) => ({ ...row, lastMessageAt: row.lastMessageAt.toISOString() })) },
    overdueInvoices: { total: invoiceCount, items: invoiceRows.map(({ dueDate, ...row }) => ({ ...row, dueDate: dueDate! })) },
    tickets: { pending, doing, done },
    unassignedProjects: { total: projectCount, items: projectRows },
    currency: ctx.billing.currency,
  };
}
