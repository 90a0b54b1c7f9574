import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import { OVERVIEW_EXCERPT_MAX, OVERVIEW_LIST_MAX, type CompanyOverview, type CompanyOverviewQuery, type WorkQueue } from "@/shared/schemas/overview";
import { prepared } from "@/server/db/prepared";
import { companies, invoices, messages, profiles, projects, ticketComments, tickets, userRoles } from "@/server/db/schema";
import { badRequest, forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { amountDueColumn } from "../invoices/invoice-amounts";
import { invoiceBalance } from "../invoices/invoice-balance";
import { overdueColumn, overdueValues } from "../invoices/overdue";
import { fromProviderSide } from "../messages/message-select";
import { companyScope, invoiceScope, messageScope, projectScope, ticketScope, visibleRow } from "../scopes";
import { unscopedWorkQueue } from "./work-queue";

const excerptOf = (content: typeof ticketComments.content | typeof messages.content) => sql<string>`left(${content}, ${sql.raw(String(OVERVIEW_EXCERPT_MAX))})`;
/** Active first, then on hold, then completed: what is going on comes before what is done. */
const projectStatusOrder = sql`CASE ${projects.status} WHEN 'active' THEN 0 WHEN 'on_hold' THEN 1 ELSE 2 END`;
const isTeamMember = and(eq(userRoles.userId, ticketComments.userId), eq(userRoles.role, "admin"));

/**
 * The company whose overview is asked for: a customer's own (companyId is ignored), the one an
 * admin names. A company the caller may not see, or a customer without one, is not found (D11).
 */
async function overviewCompany({ db, actor }: ServiceContext, query: CompanyOverviewQuery) {
  const readsAll = can(actor, "readAll", "company");
  if (readsAll && !query.companyId) throw badRequest("companyId: Choose a company", [{ field: "companyId", message: "Choose a company" }]);
  const id = readsAll ? query.companyId : actor.companyId;
  if (!id) throw notFound("Company not found");
  const company = await visibleRow(db, companies, companyScope(actor), id, { id: companies.id, name: companies.name });
  if (!company) throw notFound("Company not found");
  return company;
}

/**
 * One company at a glance (ADR 035). Every statement is the entity's scope plus the company, so a
 * customer's reads stay inside their company whatever they pass; each runs on an index that starts
 * with the company (tickets_company_id_status_created_at_idx, invoices_company_id_issue_date_idx,
 * messages_company_id_created_at_idx, projects_company_id_created_at_idx).
 */
export async function companyOverview(ctx: ServiceContext, query: CompanyOverviewQuery): Promise<CompanyOverview> {
  const { db, actor } = ctx;
  const company = await overviewCompany(ctx, query);
  const readsAll = can(actor, "readAll", "company");
  const only = readsAll ? company.id : undefined;
  const ticketFilter = ticketScope(actor).filter().equals("company", tickets.companyId, only);
  const invoiceFilter = invoiceScope(actor).filter().equals("company", invoices.companyId, only);
  const messageFilter = messageScope(actor).filter().equals("company", messages.companyId, only);
  const projectFilter = projectScope(actor).filter().equals("company", projects.companyId, only);

  const ticketCounts = prepared(db, `overview_ticket_counts_${ticketFilter.key}`, (name) =>
    db.select({ status: tickets.status, count: count() }).from(tickets).where(ticketFilter.where()).groupBy(tickets.status).prepare(name),
  );
  const overdue = prepared(db, `overview_overdue_${invoiceFilter.key}`, (name) =>
    db
      .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, amount: invoices.amount, amountDue: amountDueColumn, dueDate: invoices.dueDate, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(invoices)
      .where(and(invoiceFilter.where(), overdueColumn))
      .orderBy(asc(invoices.dueDate), asc(invoices.invoiceNumber))
      .limit(OVERVIEW_LIST_MAX)
      .prepare(name),
  );
  // The team's replies on the company's tickets: a comment's author is on the team when their role
  // is admin; the team's internal notes are no reply to anyone.
  const replies = prepared(db, `overview_replies_${ticketFilter.key}`, (name) =>
    db
      .select({
        id: ticketComments.id,
        ticket: { id: tickets.id, number: tickets.number, title: tickets.title },
        authorName: profiles.fullName,
        excerpt: excerptOf(ticketComments.content),
        createdAt: ticketComments.createdAt,
      })
      .from(ticketComments)
      .innerJoin(tickets, eq(tickets.id, ticketComments.ticketId))
      .innerJoin(userRoles, isTeamMember)
      .leftJoin(profiles, eq(profiles.id, ticketComments.userId))
      .where(and(ticketFilter.where(), eq(ticketComments.internal, false)))
      .orderBy(desc(ticketComments.createdAt), desc(ticketComments.id))
      .limit(OVERVIEW_LIST_MAX)
      .prepare(name),
  );
  const teamMessages = prepared(db, `overview_team_messages_${messageFilter.key}`, (name) =>
    db
      .select({ id: messages.id, authorName: profiles.fullName, excerpt: excerptOf(messages.content), isRead: messages.isRead, createdAt: messages.createdAt })
      .from(messages)
      .leftJoin(profiles, eq(profiles.id, messages.senderId))
      .where(and(messageFilter.where(), fromProviderSide))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(OVERVIEW_LIST_MAX)
      .prepare(name),
  );
  const unreadTeamMessages = prepared(db, `overview_unread_team_messages_${messageFilter.key}`, (name) =>
    db
      .select({ count: count() })
      .from(messages)
      .where(and(messageFilter.where(), eq(messages.isRead, false), fromProviderSide))
      .prepare(name),
  );
  const projectRows = prepared(db, `overview_projects_${projectFilter.key}`, (name) =>
    db
      .select({ id: projects.id, slug: projects.slug, name: projects.name, status: projects.status })
      .from(projects)
      .where(projectFilter.where())
      .orderBy(projectStatusOrder, desc(projects.createdAt), desc(projects.id))
      .limit(OVERVIEW_LIST_MAX)
      .prepare(name),
  );
  const projectCounts = prepared(db, `overview_project_counts_${projectFilter.key}`, (name) =>
    db.select({ status: projects.status, count: count() }).from(projects).where(projectFilter.where()).groupBy(projects.status).prepare(name),
  );

  const [ticketCountRows, balance, overdueRows, replyRows, messageRows, [unread], projectItems, projectCountRows] = await Promise.all([
    ticketCounts.execute(ticketFilter.values),
    invoiceBalance(ctx, { companyId: company.id }),
    overdue.execute({ ...invoiceFilter.values, ...overdueValues(ctx.billing.timeZone) }),
    replies.execute(ticketFilter.values),
    teamMessages.execute(messageFilter.values),
    unreadTeamMessages.execute(messageFilter.values),
    projectRows.execute(projectFilter.values),
    projectCounts.execute(projectFilter.values),
  ]);

  const ticketsByStatus = { pending: 0, doing: 0, done: 0 };
  for (const row of ticketCountRows) ticketsByStatus[row.status] = row.count;
  const projectsByStatus = { active: 0, on_hold: 0, completed: 0 };
  for (const row of projectCountRows) projectsByStatus[row.status] = row.count;

  return {
    company,
    tickets: ticketsByStatus,
    balance,
    overdueInvoices: {
      total: overdueRows[0]?.total ?? 0,
      items: overdueRows.map(({ total: _, dueDate, ...row }) => ({ ...row, dueDate: dueDate! })),
    },
    replies: { items: replyRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) },
    messages: { unread: unread?.count ?? 0, items: messageRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) },
    projects: { total: Object.values(projectsByStatus).reduce((sum, n) => sum + n, 0), byStatus: projectsByStatus, items: projectItems },
  };
}

/** What needs the team, across every company (ADR 035): admins only. */
export async function workQueue(ctx: ServiceContext): Promise<WorkQueue> {
  // Every company's rows: only for whoever reads them all.
  if (!can(ctx.actor, "readAll", "company")) throw forbidden();
  return unscopedWorkQueue(ctx);
}
