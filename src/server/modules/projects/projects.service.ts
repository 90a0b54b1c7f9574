import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Page } from "../../../shared/schemas/pagination";
import type { CreateProjectInput, Project, ProjectListQuery, UpdateProjectInput } from "../../../shared/schemas/project";
import type { Database } from "../../db/client";
import { cappedCount, cappedTotalColumn, splitTotal } from "../../db/count";
import { prepared } from "../../db/prepared";
import { ListFilter } from "../../db/scope";
import { companies, projects, userRoles } from "../../db/schema";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/problem";
import { companyScope, projectScope, selectProjects, toProject } from "./project-select";
import { nextFreeSlug, slugify, UUID_SHAPE } from "./project-slug";

export async function listProjects(actor: Actor, db: Database, query: ProjectListQuery): Promise<Page<Project>> {
  const filter = new ListFilter(actor, projects.companyId)
    .equals("company", projects.companyId, query.companyId)
    .contains("q", projects.name, query.q);
  const statement = prepared(db, `projects_list_${filter.key}_${query.sort}`, (name) => {
    const where = filter.where();
    const order = query.sort === "asc" ? [asc(projects.createdAt), desc(projects.id)] : [desc(projects.createdAt), asc(projects.id)];
    return selectProjects(db, { fullCount: cappedTotalColumn(projects, where) })
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name);
  });
  const page = await statement.execute({ ...filter.values, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  const { rows, counted } = await splitTotal(page, query.page, () => cappedCount(db, projects, filter.whereWithValues()));
  return { items: rows.map(toProject), ...counted, page: query.page, pageSize: query.pageSize };
}

/** By id or slug (D7). Another company's project answers exactly like a missing one (D11). */
export async function findProject(actor: Actor, db: Database, idOrSlug: string): Promise<Project> {
  const byId = UUID_SHAPE.test(idOrSlug);
  const filter = new ListFilter(actor, projects.companyId).equals(byId ? "id" : "slug", byId ? projects.id : projects.slug, idOrSlug);
  const statement = prepared(db, `project_${filter.key}`, (name) => selectProjects(db).where(filter.where()).prepare(name));
  const [row] = await statement.execute(filter.values);
  if (!row) throw notFound("Project not found");
  return toProject(row);
}

/** The id and owning company of a project the actor may see, for writes beneath it. */
export async function findProjectRef(actor: Actor, db: Database, id: string): Promise<{ id: string; companyId: string }> {
  const [row] = await db
    .select({ id: projects.id, companyId: projects.companyId })
    .from(projects)
    .where(and(eq(projects.id, id), projectScope(actor)));
  if (!row) throw notFound("Project not found");
  return row;
}

const pgCode = (error: unknown) => ((error as { cause?: { code?: unknown } }).cause ?? (error as { code?: unknown })).code;
const SLUG_ATTEMPTS = 5;

export async function createProject(actor: Actor, db: Database, input: CreateProjectInput): Promise<Project> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, input.companyId), companyScope(actor)));
  const noCompany = () => badRequest("The company does not exist", [{ field: "companyId", message: "Choose an existing company" }]);
  if (!company) throw noCompany();
  const base = slugify(input.name);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const slug = await nextFreeSlug(db, company.id, base);
    try {
      const [row] = await db
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
      if (row) return findProject(actor, db, row.id);
    } catch (error) {
      // The company was deleted between the check and the insert.
      if (pgCode(error) === "23503") throw noCompany();
      throw error;
    }
    // Another insert took this slug meanwhile; look again.
  }
  throw conflict("Could not find a free slug for this name; try again");
}

async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return row?.role === "admin";
}

/** Admin edit. The slug stays as created (D7) so links keep working after a rename. */
export async function updateProject(actor: Actor, db: Database, id: string, input: UpdateProjectInput): Promise<Project> {
  const [current] = await db
    .select({ startDate: projects.startDate, endDate: projects.endDate })
    .from(projects)
    .where(and(eq(projects.id, id), projectScope(actor)));
  if (!current) throw notFound("Project not found");
  if (input.assignedTo && !(await isAdmin(db, input.assignedTo))) {
    throw badRequest("The assignee must be a team member", [{ field: "assignedTo", message: "Choose a team member" }]);
  }
  // Checked against stored values too, since a client may send only one of the dates.
  const startDate = input.startDate !== undefined ? input.startDate : current.startDate;
  const endDate = input.endDate !== undefined ? input.endDate : current.endDate;
  if (startDate && endDate && endDate < startDate) {
    throw badRequest("End date cannot be before the start date", [{ field: "endDate", message: "End date cannot be before the start date" }]);
  }
  const changes: Partial<typeof projects.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.status !== undefined) changes.status = input.status;
  if (input.assignedTo !== undefined) changes.assignedTo = input.assignedTo;
  if (input.startDate !== undefined) changes.startDate = input.startDate;
  if (input.endDate !== undefined) changes.endDate = input.endDate;
  await db
    .update(projects)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(projects.id, id));
  return findProject(actor, db, id);
}
