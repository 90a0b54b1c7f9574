import { and, eq, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { Page } from "@/shared/schemas/pagination";
import type { CreateProjectInput, Project, ProjectListQuery, UpdateProjectInput } from "@/shared/schemas/project";
import { isForeignKeyViolation } from "@/server/db/errors";
import { creationOrder, pagedList } from "@/server/db/paged-list";
import { prepared } from "@/server/db/prepared";
import { companies, projects } from "@/server/db/schema";
import { badRequest, conflict, forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { companyScope, projectScope, visibleRow } from "../scopes";
import { selectProjects, toProject } from "./project-select";
import { nextFreeSlug, slugify, UUID_SHAPE } from "./project-slug";
import { fieldChanges } from "@/server/changes/field-changes";
import { isTeamMember, withAssigneeNames } from "./team-member";
import { assigneeFilter } from "../tickets/ticket-filter";
import { noteListReads, noteRecordRead, type AccessRef } from "../access-log";

export async function listProjects(ctx: ServiceContext, query: ProjectListQuery): Promise<Page<Project>> {
  const { db, actor } = ctx;
  // A customer's companyId narrows nothing beyond their own company: the scope comes first and stays.
  const filter = assigneeFilter(
    projectScope(actor)
      .filter()
      .equals("company", projects.companyId, query.companyId)
      .equals("status", projects.status, query.status),
    projects.assignedTo,
    query.assignedTo,
  ).contains("q", projects.name, query.q);
  const { rows, ...counted } = await pagedList(db, {
    name: `projects_list_${filter.key}_${query.sort}`,
    table: projects,
    filter,
    paging: query,
    select: (where, fullCount) =>
      selectProjects(db, { fullCount })
        .where(where)
        .orderBy(...creationOrder(query.sort, projects.createdAt, projects.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset")),
  });
  const items = rows.map(toProject);
  noteListReads(ctx, { rows: items, refOf: projectRef });
  return { items, ...counted };
}

/** A project as the access log names it (ADR 050). */
const projectRef = (project: Project): AccessRef => ({ type: "project", id: project.id, companyId: project.company.id, label: project.name });

/** GET /projects/{idOrSlug}: the project, its read by staff recorded (and with REQUIRE_ACCESS_REASON, its reason asked for). */
export async function readProject(ctx: ServiceContext, idOrSlug: string): Promise<Project> {
  const project = await findProject(ctx, idOrSlug);
  await noteRecordRead(ctx, projectRef(project));
  return project;
}

/** By id or slug (D7). Another company's project answers exactly like a missing one (D11). */
export async function findProject({ db, actor }: ServiceContext, idOrSlug: string): Promise<Project> {
  const byId = UUID_SHAPE.test(idOrSlug);
  const filter = projectScope(actor).filter().equals(byId ? "id" : "slug", byId ? projects.id : projects.slug, idOrSlug);
  const statement = prepared(db, `project_${filter.key}`, (name) => selectProjects(db).where(filter.where()).prepare(name));
  const [row] = await statement.execute(filter.values);
  if (!row) throw notFound("Project not found");
  return toProject(row);
}

/** The id and owning company of a project the actor may see, for writes beneath it. */
export async function findProjectRef({ db, actor }: ServiceContext, id: string): Promise<{ id: string; companyId: string }> {
  const row = await visibleRow(db, projects, projectScope(actor), id, { id: projects.id, companyId: projects.companyId });
  if (!row) throw notFound("Project not found");
  return row;
}

const SLUG_ATTEMPTS = 5;

/** Admin only. The project is announced in its transaction (ADR 038). */
export async function createProject(ctx: ServiceContext, input: CreateProjectInput): Promise<Project> {
  const { db, actor } = ctx;
  if (!can(actor, "create", "project")) throw forbidden();
  const company = await visibleRow(db, companies, companyScope(actor), input.companyId, { id: companies.id });
  const noCompany = () => badRequest("The company does not exist", [{ field: "companyId", message: "Choose an existing company" }]);
  if (!company) throw noCompany();
  const base = slugify(input.name);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const slug = await nextFreeSlug(db, company.id, base);
    try {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(projects)
          .values({
            slug,
            companyId: company.id,
            name: input.name,
            description: input.description,
            status: input.status,
            startDate: input.startDate,
          })
          .onConflictDoNothing({ target: [projects.companyId, projects.slug] })
          .returning({ id: projects.id });
        if (row) {
          await ctx.record(tx, {
            history: { actor, subject: { type: "project", id: row.id, companyId: company.id }, entries: [{ kind: "created" }] },
            announce: { kind: "project", companyId: company.id, id: row.id },
          });
        }
        return row?.id;
      });
      if (id) return await findProject(ctx, id);
    } catch (error) {
      // The company was deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw noCompany();
      throw error;
    }
    // Another insert took this slug meanwhile; look again.
  }
  throw conflict("Could not find a free slug for this name; try again");
}

/**
 * Admin edit. The slug stays as created (D7) so links keep working after a rename. Each changed
 * field goes into the project's history in the same transaction (ADR 028).
 */
export async function updateProject(ctx: ServiceContext, { id, changes: input }: { id: string; changes: UpdateProjectInput }): Promise<Project> {
  const { db, actor } = ctx;
  if (!can(actor, "update", "project")) throw forbidden();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        companyId: projects.companyId,
        name: projects.name,
        description: projects.description,
        status: projects.status,
        assignedTo: projects.assignedTo,
        startDate: projects.startDate,
        endDate: projects.endDate,
      })
      .from(projects)
      .where(and(eq(projects.id, id), projectScope(actor).where))
      .for("update");
    if (!current) throw notFound("Project not found");
    if (input.assignedTo && !(await isTeamMember(tx, input.assignedTo))) {
      throw badRequest("The assignee must be a team member", [{ field: "assignedTo", message: "Choose a team member" }]);
    }
    // Checked against stored values too, since a client may send only one of the dates.
    const startDate = input.startDate !== undefined ? input.startDate : current.startDate;
    const endDate = input.endDate !== undefined ? input.endDate : current.endDate;
    if (startDate && endDate && endDate < startDate) {
      throw badRequest("End date cannot be before the start date", [{ field: "endDate", message: "End date cannot be before the start date" }]);
    }
    // The inbox flag is set on its own (project-inbox.ts), never by the edit form.
    const changes: Partial<Omit<typeof projects.$inferInsert, "isInbox">> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.status !== undefined) changes.status = input.status;
    if (input.assignedTo !== undefined) changes.assignedTo = input.assignedTo;
    if (input.startDate !== undefined) changes.startDate = input.startDate;
    if (input.endDate !== undefined) changes.endDate = input.endDate;
    await tx
      .update(projects)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(projects.id, id));
    const recorded = fieldChanges("project", current, changes);
    await ctx.record(tx, {
      history: { actor, subject: { type: "project", id, companyId: current.companyId }, entries: await withAssigneeNames(tx, recorded) },
      announce: { kind: "project", companyId: current.companyId, id },
    });
  });
  return findProject(ctx, id);
}
