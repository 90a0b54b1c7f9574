import { randomUUID } from "node:crypto";
import { companies, companyUsers, projects } from "../../db/schema";
import type { TestServer, TestUser } from "../../test/harness";

/**
 * Companies and projects straight into the database: the companies/projects API is its own
 * module, and these tests are about tickets only.
 */
export async function createCompany(server: TestServer, name = "Acme Ltd") {
  const [company] = await server.deps.db.insert(companies).values({ name }).returning({ id: companies.id, name: companies.name });
  return company!;
}

export async function addMember(server: TestServer, companyId: string, user: TestUser) {
  await server.deps.db.insert(companyUsers).values({ companyId, userId: user.id });
}

export async function createProject(server: TestServer, companyId: string, name = "Website redesign") {
  const [project] = await server.deps.db
    .insert(projects)
    .values({ companyId, name, slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 8)}` })
    .returning({ id: projects.id, name: projects.name, slug: projects.slug });
  return project!;
}

/** A company with one project and one signed-in customer member. */
export async function customerWithProject(server: TestServer, companyName: string) {
  const company = await createCompany(server, companyName);
  const project = await createProject(server, company.id, `${companyName} site`);
  const customer = await server.createUser({ name: `${companyName} Customer` });
  await addMember(server, company.id, customer);
  return { company, project, customer };
}
