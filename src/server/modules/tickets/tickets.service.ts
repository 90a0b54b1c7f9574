import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Page } from "../../../shared/schemas/pagination";
import type {
  CreateTicketInput,
  Ticket,
  TicketListItem,
  TicketListQuery,
  UpdateTicketInput,
} from "@/shared/schemas/ticket";
import type { Database } from "../../db/client";
import { cappedCount, cappedTotalColumn, splitTotal } from "../../db/count";
import { prepared } from "../../db/prepared";
import { ListFilter, visibleTo } from "../../db/scope";
import { companies, profiles, projects, tickets } from "../../db/schema";
import type { Actor } from "../../http/context";
import { badRequest, forbidden, notFound } from "../../http/problem";

/**
 * A customer's board shows every ticket of their one company, so their list is not paged; this
 * cap only guards the server against a pathological company. `total` still counts them all.
 */
export const CUSTOMER_TICKET_LIMIT = 1000;

/** Customers see their own company's tickets; a customer without a company sees none. */
export const ticketsVisibleTo = (actor: Actor): SQL | undefined => visibleTo(actor, tickets.companyId);

const listColumns = {
  id: tickets.id,
  title: tickets.title,
  status: tickets.status,
  priority: tickets.priority,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  project: { id: projects.id, name: projects.name },
  company: { id: companies.id, name: companies.name },
};

export async function listTickets(db: Database, actor: Actor, query: TicketListQuery): Promise<Page<TicketListItem>> {
  const isAdmin = actor.role === "admin";
  const filter = new ListFilter(actor, tickets.companyId)
    .equals("status", tickets.status, query.status)
    .equals("project", tickets.projectId, query.projectId)
    .equals("company", tickets.companyId, isAdmin ? query.companyId : undefined)
    .contains("q", tickets.title, query.q);
  const page = isAdmin ? query.page : 1;
  const pageSize = isAdmin ? query.pageSize : CUSTOMER_TICKET_LIMIT;
  const statement = prepared(db, `tickets_list_${filter.key}_${query.sort}`, (name) => {
    const where = filter.where();
    const direction = query.sort === "asc" ? asc : desc;
    // The joins are on non-null foreign keys, so counting tickets alone gives the same number.
    return (
      db
        .select({ ...listColumns, fullCount: cappedTotalColumn(tickets, where) })
        .from(tickets)
        .innerJoin(projects, eq(projects.id, tickets.projectId))
        .innerJoin(companies, eq(companies.id, tickets.companyId))
        .where(where)
        // The id tie-break runs opposite to the date, as in tickets_created_at_idx (created_at desc, id).
        .orderBy(direction(tickets.createdAt), query.sort === "asc" ? desc(tickets.id) : asc(tickets.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(name)
    );
  });
  const selected = await statement.execute({ ...filter.values, limit: pageSize, offset: (page - 1) * pageSize });
  const { rows, counted } = await splitTotal(selected, page, () => cappedCount(db, tickets, filter.whereWithValues()));
  const items = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }));
  return { items, ...counted, page, pageSize };
}

export async function findTicket(db: Database, actor: Actor, id: string): Promise<Ticket> {
  const filter = new ListFilter(actor, tickets.companyId).equals("id", tickets.id, id);
  const statement = prepared(db, `ticket_${filter.key}`, (name) =>
    db
      .select({
        ...listColumns,
        description: tickets.description,
        project: { id: projects.id, name: projects.name, slug: projects.slug },
        createdBy: { id: profiles.id, name: profiles.fullName, email: profiles.email },
      })
      .from(tickets)
      .innerJoin(projects, eq(projects.id, tickets.projectId))
      .innerJoin(companies, eq(companies.id, tickets.companyId))
      .leftJoin(profiles, eq(profiles.id, tickets.createdBy))
      .where(filter.where())
      .prepare(name),
  );
  const [row] = await statement.execute(filter.values);
  // D11: another company's ticket answers exactly like a missing one.
  if (!row) throw notFound("Ticket not found");
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The project a new ticket goes into: any for an admin, only the caller's company's for a customer. */
async function projectForNewTicket(db: Database, actor: Actor, projectId: string) {
  if (actor.role !== "admin" && !actor.companyId) {
    throw badRequest("You need to create your Company Profile before creating tickets.", [
      { field: "projectId", message: "You need to create your Company Profile before creating tickets." },
    ]);
  }
  const scope = actor.role === "admin" ? undefined : eq(projects.companyId, actor.companyId!);
  const [project] = await db
    .select({ id: projects.id, companyId: projects.companyId })
    .from(projects)
    .where(and(eq(projects.id, projectId), scope));
  if (!project) {
    // 400 rather than 404: the URL is fine, a field of the body is wrong. A customer is not told
    // whether the project exists elsewhere (D11).
    const message = actor.role === "admin" ? "No such project" : "Choose one of your company's projects";
    throw badRequest(`projectId: ${message}`, [{ field: "projectId", message }]);
  }
  return project;
}

export async function createTicket(db: Database, actor: Actor, input: CreateTicketInput): Promise<Ticket> {
  const project = await projectForNewTicket(db, actor, input.projectId);
  const [created] = await db
    .insert(tickets)
    .values({
      projectId: project.id,
      // Taken from the project, never from the client; the composite foreign key enforces it too.
      companyId: project.companyId,
      title: input.title,
      description: input.description,
      priority: input.priority,
      status: "pending",
      createdBy: actor.userId,
    })
    .returning({ id: tickets.id });
  return findTicket(db, actor, created!.id);
}

export async function updateTicket(db: Database, actor: Actor, id: string, input: UpdateTicketInput): Promise<Ticket> {
  // The route already requires the admin role; the service refuses on its own too.
  if (actor.role !== "admin") throw forbidden();
  const [updated] = await db
    .update(tickets)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(tickets.id, id), ticketsVisibleTo(actor)))
    .returning({ id: tickets.id });
  if (!updated) throw notFound("Ticket not found");
  return findTicket(db, actor, id);
}
