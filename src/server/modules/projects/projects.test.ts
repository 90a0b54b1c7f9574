import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createProject, customerWithCompany } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { apartFromRequestId } from "@/server/test/test-client";
import { expectFieldRefused } from "@/server/test/expect-problem";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const a = beforeAllTests(() => customerWithCompany(server, "Alpha Ltd"));
const b = beforeAllTests(() => customerWithCompany(server, "Beta Ltd"));
beforeAll(async () => {
  await createProject(admin, a.company.id, { name: "Alpha Intranet" });
  await createProject(admin, a.company.id, { name: "Alpha Shop" });
  await createProject(admin, b.company.id, { name: "Beta App" });
});

const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

describe("GET /api/projects", () => {
  it("shows each customer only their own company's projects, newest first", async () => {
    const forA = await a.client.get("/api/projects");
    expect(forA.status).toBe(200);
    expect(forA.body).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(names(forA.body)).toEqual(["Alpha Shop", "Alpha Intranet"]);
    expect(forA.body.items[0]!.company).toEqual({ id: a.company.id, name: "Alpha Ltd" });
    const forB = await b.client.get("/api/projects");
    expect(forB.body.total).toBe(1);
    expect(names(forB.body)).toEqual(["Beta App"]);
  });

  it("cannot be widened by a customer asking for another company's id", async () => {
    const response = await a.client.get(`/api/projects?companyId=${b.company.id}`);
    expect(response.body).toMatchObject({ items: [], total: 0 });
  });

  it("gives a customer without a company an empty list", async () => {
    const loner = await server.createUser();
    expect((await loner.client.get("/api/projects")).body).toEqual({ items: [], total: 0, totalExact: true, page: 1, pageSize: 50 });
  });

  it("lets an admin list every company's projects, filter by company, search and page", async () => {
    const all = await admin.client.get("/api/projects");
    expect(all.body.total).toBe(3);
    const onlyA = await admin.client.get(`/api/projects?companyId=${a.company.id}&sort=asc`);
    expect(names(onlyA.body)).toEqual(["Alpha Intranet", "Alpha Shop"]);
    const search = await admin.client.get("/api/projects?q=SHOP");
    expect(names(search.body)).toEqual(["Alpha Shop"]);
    const page2 = await admin.client.get("/api/projects?pageSize=2&page=2");
    expect(page2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(names(page2.body)).toEqual(["Alpha Intranet"]);
  });

  it("rejects a malformed company filter with a 400 naming companyId, and anonymous callers with 401", async () => {
    const response = await admin.client.get("/api/projects?companyId=nope");
    expectFieldRefused(response, "companyId");
    expect((await server.anonymous().get("/api/projects")).status).toBe(401);
  });
});

describe("GET /api/projects/:idOrSlug", () => {
  it("finds a project by id or by slug, with its company and no assignee", async () => {
    const project = await createProject(admin, a.company.id, { name: "Lookup Target", description: "Find me" });
    const byId = await a.client.get(`/api/projects/${project.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      id: project.id,
      slug: "lookup-target",
      name: "Lookup Target",
      description: "Find me",
      status: "active",
      startDate: null,
      endDate: null,
      company: { id: a.company.id, name: "Alpha Ltd" },
      assignee: null,
    });
    expect((await a.client.get("/api/projects/lookup-target")).body).toEqual(byId.body);
    expect((await admin.client.get("/api/projects/lookup-target")).body).toEqual(byId.body);
  });

  it("hides another company's project from a customer with the same 404 as a missing one", async () => {
    const project = await createProject(admin, b.company.id, { name: "Secret Plan" });
    const byId = await a.client.get(`/api/projects/${project.id}`);
    const bySlug = await a.client.get(`/api/projects/${project.slug}`);
    const missing = await a.client.get(`/api/projects/${randomUUID()}`);
    expect([byId.status, bySlug.status, missing.status]).toEqual([404, 404, 404]);
    expect(apartFromRequestId(byId.body)).toEqual(apartFromRequestId(missing.body));
  });

  it("answers 404 for an unknown slug or id, even to an admin, and 401 anonymously", async () => {
    expect((await admin.client.get("/api/projects/no-such-project")).status).toBe(404);
    expect((await admin.client.get(`/api/projects/${randomUUID()}`)).status).toBe(404);
    expect((await admin.client.get("/api/projects/%27%3B%20drop%20table")).status).toBe(404);
    expect((await server.anonymous().get("/api/projects/lookup-target")).status).toBe(401);
  });
});

// Last: these add projects, and the tests above count every company's.
describe("GET /api/projects filters", () => {
  it("filters by status and by assignee (a team member's or nobody's), and searches by name, for customers too", async () => {
    // A company of its own: the other tests count Alpha's and Beta's projects.
    const c = await customerWithCompany(server, "Gamma Ltd");
    const teamMember = await server.createUser({ admin: true });
    await createProject(admin, c.company.id, { name: "Gamma Intranet" });
    await createProject(admin, c.company.id, { name: "Gamma Shop" });
    const held = await createProject(admin, c.company.id, { name: "Gamma Archive", status: "on_hold" });
    await admin.client.patch(`/api/projects/${held.id}`, { assignedTo: teamMember.id });
    expect(names((await admin.client.get(`/api/projects?status=on_hold`)).body)).toEqual(["Gamma Archive"]);
    expect(names((await admin.client.get(`/api/projects?assignedTo=${teamMember.id}`)).body)).toEqual(["Gamma Archive"]);
    expect(names((await admin.client.get(`/api/projects?companyId=${c.company.id}&assignedTo=unassigned`)).body)).toEqual(["Gamma Shop", "Gamma Intranet"]);
    expect(names((await c.client.get("/api/projects?q=shop")).body)).toEqual(["Gamma Shop"]);
    expect(names((await c.client.get("/api/projects?status=on_hold")).body)).toEqual(["Gamma Archive"]);
    // A filter narrows within the customer's company: Beta's unassigned active project stays out of reach.
    expect((await c.client.get(`/api/projects?companyId=${b.company.id}&status=active&assignedTo=unassigned`)).body).toMatchObject({ items: [], total: 0 });
    expect(names((await b.client.get("/api/projects?q=gamma")).body)).toEqual([]);
  });

  it("answers 400 naming the field for an unknown status or an assignee that is neither an id nor unassigned", async () => {
    for (const [query, field] of [
      ["status=paused", "status"],
      ["assignedTo=me", "assignedTo"],
    ] as const) {
      const response = await a.client.get(`/api/projects?${query}`);
      expect(response.status).toBe(400);
      expect(response.problem.errors!.map((error) => error.field)).toEqual([field]);
    }
  });
});
