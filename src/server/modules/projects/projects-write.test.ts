import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { projects } from "../../db/schema";
import { createProject, customerWithCompany, nextEvent } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { expectFieldRefused } from "@/server/test/expect-problem";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Ada Admin" }));
const customer = beforeAllTests(() => customerWithCompany(server, "Acme Ltd"));

const projectCount = async () => (await server.deps.db.select({ n: count() }).from(projects))[0]!.n;

describe("POST /api/projects", () => {
  it("creates an active project with a slug from its name, stores an empty start date as null and announces it", async () => {
    const event = nextEvent(server, "project");
    const response = await admin.client.post("/api/projects", {
      companyId: customer.company.id,
      name: "  Café Relaunch!  ",
      description: "",
      startDate: "",
      // Never applied: the server decides these.
      slug: "chosen",
      assignedTo: admin.id,
      createdAt: "2000-01-01T00:00:00Z",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Café Relaunch!",
      slug: "cafe-relaunch",
      description: null,
      status: "active",
      startDate: null,
      assignee: null,
      company: { id: customer.company.id, name: "Acme Ltd" },
    });
    expect(response.body.createdAt.startsWith("2000")).toBe(false);
    expect(await event).toEqual({ kind: "project", companyId: customer.company.id, id: response.body.id });
    expect((await customer.client.get(`/api/projects/${response.body.id}`)).status).toBe(200);
  });

  it("keeps the given status and start date", async () => {
    const project = await createProject(admin, customer.company.id, { name: "Dated", status: "on_hold", startDate: "2025-03-01" });
    expect(project).toMatchObject({ status: "on_hold", startDate: "2025-03-01" });
  });

  it("numbers slugs of repeated names, also when the projects are created at the same time", async () => {
    const first = await createProject(admin, customer.company.id, { name: "Website Redesign" });
    const second = await createProject(admin, customer.company.id, { name: "website redesign" });
    expect([first.slug, second.slug]).toEqual(["website-redesign", "website-redesign-2"]);
    const racing = await Promise.all([1, 2, 3, 4].map(() => createProject(admin, customer.company.id, { name: "Website Redesign" })));
    const slugs = racing.map((project) => project.slug).sort();
    expect(new Set(slugs).size).toBe(4);
    for (const slug of slugs) expect(slug).toMatch(/^website-redesign-[3-6]$/);
  });

  it("numbers slugs within one company only, so a slug tells nothing of another company's projects", async () => {
    const other = await customerWithCompany(server, "Globex");
    const ours = await createProject(admin, customer.company.id, { name: "Shared Name" });
    const theirs = await createProject(admin, other.company.id, { name: "Shared Name" });
    expect([ours.slug, theirs.slug]).toEqual(["shared-name", "shared-name"]);
    // Each customer's link opens their own project.
    expect((await customer.client.get("/api/projects/shared-name")).body.id).toBe(ours.id);
    expect((await other.client.get("/api/projects/shared-name")).body.id).toBe(theirs.id);
  });

  it("never makes a slug that reads as an id or is empty", async () => {
    const uuid = randomUUID();
    expect((await createProject(admin, customer.company.id, { name: uuid })).slug).toBe(`project-${uuid}`);
    expect((await createProject(admin, customer.company.id, { name: "日本語" })).slug).toMatch(/^project(-\d+)?$/);
  });

  it("rejects an unknown company with a 400 naming companyId and creates nothing", async () => {
    const before = await projectCount();
    const response = await admin.client.post("/api/projects", { companyId: randomUUID(), name: "Ghost" });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "companyId", message: "Choose an existing company" }]);
    expect(await projectCount()).toBe(before);
  });

  it("names each invalid field: blank name, unknown status, malformed start date", async () => {
    const response = await admin.client.post("/api/projects", { companyId: customer.company.id, name: " ", status: "paused", startDate: "2025-02-30" });
    expect(response.status).toBe(400);
    expect(response.problem.errors!.map((e: { field: string }) => e.field).sort()).toEqual(["name", "startDate", "status"]);
  });

  it("answers 403 to a customer and 401 to an anonymous caller", async () => {
    const body = { companyId: customer.company.id, name: "Self-made" };
    expect((await customer.client.post("/api/projects", body)).status).toBe(403);
    expect((await server.anonymous().post("/api/projects", body)).status).toBe(401);
  });
});

describe("PATCH /api/projects/:id", () => {
  it("edits the fields and assigns a team member while the slug stays, and announces it", async () => {
    const project = await createProject(admin, customer.company.id, { name: "Old Name" });
    const event = nextEvent(server, "project");
    // Each of these comes back as sent; the assignee comes back as a person, and the slug not at all.
    const edits = { name: "New Name", description: "Now with scope", status: "completed", startDate: "2025-01-01", endDate: "2025-06-30" } as const;
    const response = await admin.client.patch(`/api/projects/${project.id}`, { ...edits, assignedTo: admin.id, slug: "hacked" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...edits, slug: project.slug, assignee: { id: admin.id, name: "Ada Admin", email: admin.email } });
    expect(await event).toEqual({ kind: "project", companyId: customer.company.id, id: project.id });
    // 'Unassigned' clears the assignee; fields not sent stay as they were.
    const cleared = await admin.client.patch(`/api/projects/${project.id}`, { assignedTo: "" });
    expect(cleared.body).toMatchObject({ assignee: null, name: "New Name", endDate: "2025-06-30" });
  });

  it("only assigns admins: a customer or unknown user is a 400 naming assignedTo", async () => {
    const project = await createProject(admin, customer.company.id, { name: "Assign Me" });
    for (const assignedTo of [customer.id, randomUUID(), "nope"]) {
      const response = await admin.client.patch(`/api/projects/${project.id}`, { assignedTo });
      expectFieldRefused(response, "assignedTo");
    }
  });

  it("refuses an end date before the start date, also against the stored start date", async () => {
    const project = await createProject(admin, customer.company.id, { name: "Timeline", startDate: "2025-05-01" });
    const both = await admin.client.patch(`/api/projects/${project.id}`, { startDate: "2025-05-01", endDate: "2025-04-01" });
    expectFieldRefused(both, "endDate");
    const endOnly = await admin.client.patch(`/api/projects/${project.id}`, { endDate: "2025-04-30" });
    expectFieldRefused(endOnly, "endDate");
  });

  it("rejects an empty change with a 400", async () => {
    const project = await createProject(admin, customer.company.id, { name: "Untouched" });
    expect((await admin.client.patch(`/api/projects/${project.id}`, {})).status).toBe(400);
  });

  it("answers 404 for an unknown id, 400 for a malformed one, 403 to a customer and 401 anonymously", async () => {
    const project = await createProject(admin, customer.company.id, { name: "Guarded" });
    expect((await admin.client.patch(`/api/projects/${randomUUID()}`, { name: "X" })).status).toBe(404);
    const malformed = await admin.client.patch("/api/projects/not-an-id", { name: "X" });
    expectFieldRefused(malformed, "id");
    expect((await customer.client.patch(`/api/projects/${project.id}`, { name: "Mine now" })).status).toBe(403);
    expect((await server.anonymous().patch(`/api/projects/${project.id}`, { name: "X" })).status).toBe(401);
  });
});
