import { and, count, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { can, type PolicyActor } from "@/shared/policies";
import type {
  CreateTicketInput,
  Ticket,
  TicketListQuery,
  TicketPage,
  TicketSeen,
  TicketStatusCounts,
  TicketStatusCountsQuery,
  UpdateTicketInput,
} from "@/shared/schemas/ticket";
import { afterInCreationOrder, creationOrder, keysetPagedList } from "@/server/db/paged-list";
import { prepared } from "@/server/db/prepared";
import { companies, profiles, projects, ticketComments, tickets } from "@/server/db/schema";
import { badRequest, forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { projectScope, ticketScope } from "../scopes";
import { isTeamMember, withAssigneeNames } from "../projects/team-member";
import { ticketFilter } from "./ticket-filter";
import { attachmentsOf } from "../files/file-select";
import { decodeKeysetCursor, encodeKeysetCursor, fromMicros, micros, uuidIds } from "../keyset-cursor";
import { fieldChanges } from "@/server/changes/field-changes";
import { failpoint } from "@/server/ops/failpoint";
import { noteListReads, noteRecordRead, type AccessRef } from "../access-log";

/** The assignee's profile: `profiles` itself is the detail's author. */
const assignees = alias(profiles, "assignee");

const listColumns = {
  id: tickets.id,
  number: tickets.number,
  title: tickets.title,
  status: tickets.status,
  priority: tickets.priority,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  project: { id: projects.id, name: projects.name },
  company: { id: companies.id, name: companies.name },
  // Flat, then shaped by `withAssignee`: the name is the full name or, without one, the address.
  assigneeId: assignees.id,
  assigneeName: sql<string | null>`coalesce(nullif(btrim(${assignees.fullName}), ''), ${assignees.email})`,
};

/**
 * The columns of a ticket as `actor` reads it: its comment count is of the comments they read,
 * the team's internal notes counted for the team alone. `key` tells the two apart in the names of
 * prepared statements.
 */
function ticketColumnsFor(actor: PolicyActor) {
  const withNotes = can(actor, "read", "internalNote");
  const counted = withNotes ? sql.empty() : sql`AND NOT ${ticketComments.internal}`;
  return {
    key: withNotes ? "_notes" : "",
    columns: {
      ...listColumns,
      // One index range per row (ticket_comments_ticket_id_created_at_idx), not one query per ticket.
      commentCount: sql<number>`(SELECT count(*) FROM ${ticketComments} WHERE ${ticketComments.ticketId} = ${tickets.id} ${counted})::int`.mapWith(Number),
    },
  };
}

function withAssignee<Row extends { assigneeId: string | null; assigneeName: string | null; createdAt: Date; updatedAt: Date }>(row: Row) {
  const { assigneeId, assigneeName, ...rest } = row;
  return {
    ...rest,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    assignee: assigneeId ? { id: assigneeId, name: assigneeName ?? "" } : null,
  };
}

/**
 * A page of the tickets the caller may see, by page number or after a cursor (ADR 033). The cursor
 * only positions within the list the scope and filters make: it is a time and an id, not a query.
 */
export async function listTickets(ctx: ServiceContext, query: TicketListQuery): Promise<TicketPage> {
  const { db, actor } = ctx;
  const filter = ticketFilter(actor, query);
  const cursor = query.cursor ? decodeKeysetCursor(query.cursor, uuidIds) : undefined;
  const after = cursor
    ? afterInCreationOrder(query.sort, tickets.createdAt, tickets.id, { at: fromMicros(sql.placeholder("afterMicros")), id: sql`${sql.placeholder("afterId")}::uuid` })
    : undefined;
  const read = ticketColumnsFor(actor);
  const { rows, ...counted } = await keysetPagedList(db, {
    name: `tickets_list_${filter.key}${read.key}_${query.sort}${cursor ? "_after" : ""}`,
    // The joins are on non-null foreign keys, so counting tickets alone gives the same number.
    table: tickets,
    filter,
    // Customers page too: the board loads each column a page at a time, at any size.
    paging: query,
    after,
    values: cursor && { afterMicros: cursor.atMicros.toString(), afterId: cursor.id },
    select: (where, fullCount) =>
      db
        .select({ ...read.columns, atMicros: micros(tickets.createdAt), fullCount })
        .from(tickets)
        .innerJoin(projects, eq(projects.id, tickets.projectId))
        .innerJoin(companies, eq(companies.id, tickets.companyId))
        .leftJoin(assignees, eq(assignees.id, tickets.assignedTo))
        .where(where)
        .orderBy(...creationOrder(query.sort, tickets.createdAt, tickets.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset")),
    cursorOf: (row) => encodeKeysetCursor({ atMicros: BigInt(row.atMicros), id: row.id }),
  });
  const items = rows.map(({ atMicros: _, ...row }) => withAssignee(row));
  noteListReads(ctx, { rows: items, refOf: ticketRef });
  return { items, ...counted };
}

/**
 * The board's column counts, exact however many tickets there are: one grouped count over the
 * company's tickets (tickets_company_id_created_at_idx), scoped and searched like the list.
 */
export async function countTicketsByStatus({ db, actor }: ServiceContext, query: TicketStatusCountsQuery): Promise<TicketStatusCounts> {
  const filter = ticketFilter(actor, query);
  const statement = prepared(db, `ticket_status_counts_${filter.key}`, (name) =>
    db.select({ status: tickets.status, count: count() }).from(tickets).where(filter.where()).groupBy(tickets.status).prepare(name),
  );
  const rows = await statement.execute(filter.values);
  const counts: TicketStatusCounts = { pending: 0, doing: 0, done: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export async function findTicket({ db, actor }: ServiceContext, id: string): Promise<Ticket> {
  const filter = ticketScope(actor).filter().equals("id", tickets.id, id);
  const read = ticketColumnsFor(actor);
  const statement = prepared(db, `ticket_${filter.key}${read.key}`, (name) =>
    db
      .select({
        ...read.columns,
        description: tickets.description,
        project: { id: projects.id, name: projects.name, slug: projects.slug },
        createdBy: { id: profiles.id, name: profiles.fullName, email: profiles.email },
      })
      .from(tickets)
      .innerJoin(projects, eq(projects.id, tickets.projectId))
      .innerJoin(companies, eq(companies.id, tickets.companyId))
      .leftJoin(profiles, eq(profiles.id, tickets.createdBy))
      .leftJoin(assignees, eq(assignees.id, tickets.assignedTo))
      .where(filter.where())
      .prepare(name),
  );
  const [row] = await statement.execute(filter.values);
  // D11: another company's ticket answers exactly like a missing one.
  if (!row) throw notFound("Ticket not found");
  const attachments = (await attachmentsOf(db, "ticketId", [id])).get(id) ?? [];
  return { ...withAssignee(row), attachments };
}

/** A ticket as the access log names it (ADR 050). */
const ticketRef = (ticket: { id: string; number: number; title: string; company: { id: string } }): AccessRef => ({
  type: "ticket",
  id: ticket.id,
  companyId: ticket.company.id,
  label: `#${ticket.number} ${ticket.title}`,
});

/** GET /tickets/{id}: the ticket, its read by staff recorded (and with REQUIRE_ACCESS_REASON, its reason asked for). */
export async function readTicket(ctx: ServiceContext, id: string): Promise<Ticket> {
  const ticket = await findTicket(ctx, id);
  await noteRecordRead(ctx, ticketRef(ticket));
  return ticket;
}

/** The project a new ticket goes into: any for an admin, only the caller's company's for a customer. */
async function projectForNewTicket({ db, actor }: ServiceContext, projectId: string) {
  if (!can(actor, "create", "ticket")) {
    throw badRequest("You need to create your Company Profile before creating tickets.", [
      { field: "projectId", message: "You need to create your Company Profile before creating tickets." },
    ]);
  }
  const [project] = await db
    .select({ id: projects.id, companyId: projects.companyId, assignedTo: projects.assignedTo })
    .from(projects)
    .where(and(eq(projects.id, projectId), projectScope(actor).where));
  if (!project) {
    // 400 rather than 404: the URL is fine, a field of the body is wrong. A customer is not told
    // whether the project exists elsewhere (D11).
    const message = can(actor, "readAll", "project") ? "No such project" : "Choose one of your company's projects";
    throw badRequest(`projectId: ${message}`, [{ field: "projectId", message }]);
  }
  return project;
}

export async function createTicket(ctx: ServiceContext, input: CreateTicketInput): Promise<Ticket> {
  const project = await projectForNewTicket(ctx, input.projectId);
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tickets)
      .values({
        projectId: project.id,
        // Taken from the project, never from the client; the composite foreign key enforces it too.
        companyId: project.companyId,
        title: input.title,
        description: input.description,
        priority: input.priority,
        status: "pending",
        createdBy: ctx.actor.userId,
        // Whoever handles the project handles its new tickets; the client cannot choose.
        assignedTo: project.assignedTo,
      })
      .returning({ id: tickets.id });
    await ctx.record(tx, {
      history: { actor: ctx.actor, subject: { type: "ticket", id: created!.id, companyId: project.companyId }, entries: [{ kind: "created" }] },
      announce: { kind: "ticket", companyId: project.companyId, id: created!.id },
    });
    return created!.id;
  });
  failpoint("after-commit:ticket");
  return findTicket(ctx, id);
}

/**
 * Admin edit; each changed field goes into the ticket's history in the same transaction (ADR 028),
 * an assignee by name. The assignee must be a team member (a stored admin role, as a project's).
 */
export async function updateTicket(ctx: ServiceContext, { id, changes }: { id: string; changes: UpdateTicketInput }): Promise<Ticket> {
  // The route already requires the admin role; the service refuses on its own too.
  if (!can(ctx.actor, "update", "ticket")) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        companyId: tickets.companyId,
        title: tickets.title,
        description: tickets.description,
        status: tickets.status,
        priority: tickets.priority,
        assignedTo: tickets.assignedTo,
      })
      .from(tickets)
      .where(and(eq(tickets.id, id), ticketScope(ctx.actor).where))
      .for("update");
    if (!current) throw notFound("Ticket not found");
    if (changes.assignedTo && !(await isTeamMember(tx, changes.assignedTo))) {
      throw badRequest("The assignee must be a team member", [{ field: "assignedTo", message: "Choose a team member" }]);
    }
    await tx
      .update(tickets)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(tickets.id, id));
    const recorded = await withAssigneeNames(tx, fieldChanges("ticket", current, changes));
    await ctx.record(tx, {
      history: { actor: ctx.actor, subject: { type: "ticket", id, companyId: current.companyId }, entries: recorded },
      announce: { kind: "ticket", companyId: current.companyId, id },
    });
  });
  return findTicket(ctx, id);
}

/**
 * A team member opened the ticket: the first time stamps `seen_by_team_at` (the admin overview's
 * "new, not yet looked at" ends), later times change nothing. Opening is not editing: the
 * ticket's `updatedAt` stays.
 */
export async function markTicketSeen({ db, actor, record }: ServiceContext, id: string): Promise<TicketSeen> {
  // The route requires the admin role; the service refuses on its own too.
  if (!can(actor, "readAll", "ticket")) throw forbidden();
  const marked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tickets)
      .set({ seenByTeamAt: sql`now()` })
      .where(and(eq(tickets.id, id), isNull(tickets.seenByTeamAt)))
      .returning({ companyId: tickets.companyId, seenByTeamAt: tickets.seenByTeamAt });
    // Other admins' overviews drop it from their queue of new tickets.
    if (row) await record(tx, { announce: { kind: "ticket", companyId: row.companyId, id } });
    return row;
  });
  if (marked) return { seenByTeamAt: marked.seenByTeamAt!.toISOString() };
  const [earlier] = await db.select({ seenByTeamAt: tickets.seenByTeamAt }).from(tickets).where(eq(tickets.id, id));
  if (!earlier?.seenByTeamAt) throw notFound("Ticket not found");
  return { seenByTeamAt: earlier.seenByTeamAt.toISOString() };
}
