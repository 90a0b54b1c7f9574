import { and, asc, desc, eq, gt, isNull, ne, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { TicketStatus } from "@/shared/enums";
import { OVERVIEW_LIST_MAX, type CappedOverviewCount, type WorkQueue } from "@/shared/schemas/overview";
import { cappedCount } from "@/server/db/count";
import { companies, conversations, invoices, projects, tickets } from "@/server/db/schema";
import type { ServiceContext } from "../context";
import { amountDueColumn } from "../invoices/invoice-amounts";
import { overdueOn, todayIn } from "../invoices/overdue";

const company = { id: companies.id, name: companies.name };

/** Counts up to COUNT_CAP (10,000): the queue's cost stays flat however many rows match. */
async function countOf(ctx: ServiceContext, table: PgTable, where: SQL | undefined): Promise<CappedOverviewCount> {
  const { total, totalExact } = await cappedCount(ctx.db, table, where);
  return { count: total, exact: totalExact };
}

/** One queue: the first OVERVIEW_LIST_MAX rows of `table` matching `where` in `orderBy`, as `columns` and their company, and how many match in all. */
async function queueOf<Columns extends SelectedFields>(
  ctx: ServiceContext,
  table: PgTable & { companyId: AnyPgColumn },
  where: SQL | undefined,
  orderBy: SQL[],
  columns: Columns,
) {
  const [items, total] = await Promise.all([
    ctx.db
      .select({ ...columns, company })
      .from(table)
      .innerJoin(companies, eq(companies.id, table.companyId))
      .where(where)
      .orderBy(...orderBy)
      .limit(OVERVIEW_LIST_MAX),
    countOf(ctx, table, where),
  ]);
  return { total, items };
}

/**
 * Each list is read with the index made for it, newest (or most pressing) first, stopping after
 * OVERVIEW_LIST_MAX rows; each count stops at COUNT_CAP:
 * - new tickets: the partial index tickets_unseen_priority_created_at_idx (only unseen tickets are in it),
 *   most pressing first: the highest priority, then the one waiting longest;
 * - unread conversations: the per-company summary `conversations` (one row per company, ADR 009),
 *   by conversations_last_message_at_idx;
 * - tickets by status: tickets_status_created_at_idx, a range per status;
 * - unassigned projects: projects_assigned_to_idx (null assignees are in the btree);
 * - overdue invoices: the partial index invoices_unpaid_due_date_idx (migration 0026), in due-date order;
 * Every company's rows, unscoped: the caller has checked that the actor reads all of them.
 */
export async function unscopedWorkQueue(ctx: ServiceContext): Promise<WorkQueue> {
  const unseen = isNull(tickets.seenByTeamAt);
  const unread = gt(conversations.unreadCount, 0);
  const overdue = overdueOn(todayIn(ctx.billing.timeZone));
  const unassigned = and(isNull(projects.assignedTo), ne(projects.status, "completed"));
  const byStatus = (status: TicketStatus) => countOf(ctx, tickets, eq(tickets.status, status));

  const [newTickets, unreadConversations, overdueInvoices, unassignedProjects, pending, doing, done] = await Promise.all([
    queueOf(ctx, tickets, unseen, [desc(tickets.priority), asc(tickets.createdAt), asc(tickets.id)], { id: tickets.id, number: tickets.number, title: tickets.title, priority: tickets.priority, createdAt: tickets.createdAt }),
    queueOf(ctx, conversations, unread, [desc(conversations.lastMessageAt), desc(conversations.companyId)], { unreadCount: conversations.unreadCount, lastMessageAt: conversations.lastMessageAt }),
    queueOf(ctx, invoices, overdue, [asc(invoices.dueDate), asc(invoices.invoiceNumber)], { id: invoices.id, invoiceNumber: invoices.invoiceNumber, amount: invoices.amount, amountDue: amountDueColumn, dueDate: invoices.dueDate }),
    queueOf(ctx, projects, unassigned, [desc(projects.createdAt), desc(projects.id)], { id: projects.id, slug: projects.slug, name: projects.name, status: projects.status }),
    byStatus("pending"),
    byStatus("doing"),
    byStatus("done"),
  ]);

  return {
    newTickets: { ...newTickets, items: newTickets.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) },
    unreadConversations: { ...unreadConversations, items: unreadConversations.items.map((row) => ({ ...row, lastMessageAt: row.lastMessageAt.toISOString() })) },
    overdueInvoices: { ...overdueInvoices, items: overdueInvoices.items.map(({ dueDate, ...row }) => ({ ...row, dueDate: dueDate! })) },
    tickets: { pending, doing, done },
    unassignedProjects,
    currency: ctx.billing.currency,
  };
}
