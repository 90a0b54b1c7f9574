import { eq, type SQL } from "drizzle-orm";
import type { Project } from "@/shared/schemas/project";
import type { Database } from "@/server/db/client";
import { companies, profiles, projects } from "@/server/db/schema";

const projectColumns = {
  id: projects.id,
  slug: projects.slug,
  name: projects.name,
  description: projects.description,
  status: projects.status,
  startDate: projects.startDate,
  endDate: projects.endDate,
  isInbox: projects.isInbox,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  company: { id: companies.id, name: companies.name },
  // Drizzle answers null for this object when the left join found no profile.
  assignee: { id: profiles.id, name: profiles.fullName, email: profiles.email },
};

/** Projects with their company and assignee in one query; callers add where/order/limit (and columns). */
export const selectProjects = <Extra extends Record<string, SQL>>(db: Database, extra?: Extra) =>
  db
    .select({ ...projectColumns, ...(extra as Extra) })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(profiles, eq(profiles.id, projects.assignedTo));

type ProjectRow = Awaited<ReturnType<ReturnType<typeof selectProjects<Record<never, SQL>>>["execute"]>>[number];

export const toProject = (row: ProjectRow): Project => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
