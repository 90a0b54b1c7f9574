import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { CompanyRole, TicketStatus } from "@/shared/enums";
import type { Company } from "@/shared/schemas/company";
import type { Project } from "@/shared/schemas/project";
import { companies, companyUsers, projects, tickets } from "@/server/db/schema";
import type { PorticoEvent } from "@/server/realtime/event-bus";
import type { TestServer, TestUser } from "./harness";

/*
 * The records tests start from. Most go straight into the database, so a module's tests do not
 * depend on another module's API; the ones named after an API call go through it on purpose.
 */

/** A company row, without members. */
export async function createCompany(server: TestServer, name = "Acme Ltd") {
  const [company] = await server.deps.db.insert(companies).values({ name }).returning({ id: companies.id, name: companies.name });
  return company!;
}

/**
 * Makes `user` (by default a new signed-in user) a member of the company, straight in the database
 * (the invitation flow has tests of its own). `role` as the company's owner or a plain member.
 */
export async function addMember(server: TestServer, companyId: string, user?: TestUser, role: CompanyRole = "member"): Promise<TestUser> {
  const member = user ?? (await server.createUser());
  await server.deps.db.insert(companyUsers).values({ companyId, userId: member.id, role });
  return member;
}

/** A new signed-in customer, member of `companyId`. */
export async function createCustomer(server: TestServer, companyId: string, name?: string): Promise<TestUser> {
  return addMember(server, companyId, await server.createUser(name ? { name } : {}));
}

/** A new company with one signed-in customer member. */
export async function customerOfNewCompany(server: TestServer, name: string) {
  const company = await createCompany(server, name);
  const customer = await createCustomer(server, company.id, `${name} Customer`);
  return { company, customer };
}

export type CustomerWithCompany = TestUser & { company: Company };

/** A signed-in customer who created their company through the profile form (PUT /api/companies/mine). */
export async function customerWithCompany(server: TestServer, name: string, profile: Record<string, unknown> = {}): Promise<CustomerWithCompany> {
  const user = await server.createUser({ name: `${name} Customer` });
  const response = await user.client.request("PUT", "/api/companies/mine", { name, ...profile });
  if (response.status !== 201) throw new Error(`company setup failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...user, company: response.body.company };
}

/** A project row with a unique slug. */
export async function insertProject(server: TestServer, companyId: string, name = "Website redesign") {
  const [project] = await server.deps.db
    .insert(projects)
    .values({ companyId, name, slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 8)}` })
    .returning({ id: projects.id, name: projects.name, slug: projects.slug });
  return project!;
}

/**
 * `count` ticket rows of one status in a project, in one statement (a company with a long
 * history), titled `${title} 1` (the oldest) to `${title} ${count}` (the newest).
 */
export async function insertTickets(
  server: TestServer,
  project: { id: string; companyId: string },
  { count, status, title = "Bulk ticket" }: { count: number; status: TicketStatus; title?: string },
) {
  await server.deps.db.execute(sql`
    insert into ${tickets} (project_id, company_id, title, status, created_at)
    select ${project.id}::uuid, ${project.companyId}::uuid, ${title} || ' ' || g, ${status}::ticket_status,
      now() - make_interval(secs => ${count}::int - g)
    from generate_series(1, ${count}::int) as g`);
}

/** Creates a project through the admin API (POST /api/projects) and fails loudly if that does not work. */
export async function createProject(admin: TestUser, companyId: string, body: Record<string, unknown> = {}): Promise<Project> {
  const response = await admin.client.post("/api/projects", { companyId, name: "Website Redesign", ...body });
  if (response.status !== 201) throw new Error(`project setup failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A company with one project and one signed-in customer member. */
export async function customerWithProject(server: TestServer, companyName: string) {
  const company = await createCompany(server, companyName);
  const project = await insertProject(server, company.id, `${companyName} site`);
  const customer = await server.createUser({ name: `${companyName} Customer` });
  await addMember(server, company.id, customer);
  return { company, project, customer };
}

/** A complete, valid create-invoice body for the company; override what the test is about. */
export const invoiceBody = (companyId: string, overrides: Record<string, unknown> = {}) => ({
  companyId,
  invoiceNumber: `INV-${Math.random().toString(36).slice(2, 10)}`,
  amount: "100.00",
  issueDate: "2026-03-01",
  ...overrides,
});

/** Resolves with the next published event of this kind; subscribe before the write. */
export function nextEvent(server: TestServer, kind: PorticoEvent["kind"]): Promise<PorticoEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { // paces: the deadline of a wait for an event that must come
      stop();
      reject(new Error(`no ${kind} event`));
    }, 5000);
    const stop = server.deps.events.subscribe((event: PorticoEvent) => {
      if (event.kind !== kind) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}
