import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tickets } from "../../db/schema";
import { customerWithProject, nextEvent } from "@/server/test/fixtures";
import { serverForFile } from "@/server/test/per-file";
import { apartFromRequestId } from "@/server/test/test-client";
import { expectFieldRefused } from "@/server/test/expect-problem";

const server = serverForFile();

const ticketCount = async () => (await server.deps.db.select({ n: count() }).from(tickets))[0]!.n;

describe("POST /api/tickets", () => {
  it("opens a pending ticket in the customer's project, authored by the caller, and announces it", async () => {
    const { company, project, customer } = await customerWithProject(server, "Northwind");
    const event = nextEvent(server, "ticket");
    const response = await customer.client.post("/api/tickets", {
      projectId: project.id,
      title: "  Login page is broken  ",
      description: "It shows a blank screen",
      priority: "high",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      title: "Login page is broken",
      description: "It shows a blank screen",
      status: "pending",
      priority: "high",
      project: { id: project.id, name: project.name, slug: project.slug },
      company: { id: company.id, name: "Northwind" },
      createdBy: { id: customer.id, name: customer.name, email: customer.email },
    });
    expect(new Date(response.body.createdAt).toString()).not.toBe("Invalid Date");
    expect(await event).toEqual({ kind: "ticket", companyId: company.id, id: response.body.id });
  });

  it("defaults the priority to medium and an empty description to null", async () => {
    const { project, customer } = await customerWithProject(server, "Defaults Co");
    const response = await customer.client.post("/api/tickets", { projectId: project.id, title: "Question", description: "" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ priority: "medium", description: null });
  });

  it("ignores status, author and company sent by a customer", async () => {
    const { company, project, customer } = await customerWithProject(server, "Sneaky Ltd");
    const other = await customerWithProject(server, "Victim Ltd");
    const response = await customer.client.post("/api/tickets", {
      projectId: project.id,
      title: "Please",
      status: "done",
      createdBy: other.customer.id,
      companyId: other.company.id,
    });
    expect(response.status).toBe(201);
    expect(response.body.status).toBe("pending");
    expect(response.body.createdBy!.id).toBe(customer.id);
    expect(response.body.company.id).toBe(company.id);
  });

  it("rejects another company's project with a 400 naming projectId and writes nothing", async () => {
    const { customer } = await customerWithProject(server, "Alpha");
    const foreign = await customerWithProject(server, "Beta");
    const before = await ticketCount();
    const response = await customer.client.post("/api/tickets", { projectId: foreign.project.id, title: "Sneak in" });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "projectId", message: "Choose one of your company's projects" }]);
    expect(await ticketCount()).toBe(before);
  });

  it("tells a customer without a company to create the company profile first", async () => {
    const loner = await server.createUser();
    const { project } = await customerWithProject(server, "Someone Else");
    const response = await loner.client.post("/api/tickets", { projectId: project.id, title: "Hello" });
    expect(response.status).toBe(400);
    expect(response.problem.detail).toBe("You need to create your Company Profile before creating tickets.");
  });

  it("answers 400 naming each invalid field", async () => {
    const { customer } = await customerWithProject(server, "Validation Co");
    const response = await customer.client.post("/api/tickets", { projectId: "nope", title: "   ", priority: "whenever" });
    expect(response.status).toBe(400);
    expect(response.problem.errors!.map((e: { field: string }) => e.field).sort()).toEqual(["priority", "projectId", "title"]);
  });

  it("lets an admin open a ticket in any company's project, but not in a missing one", async () => {
    const admin = await server.createUser({ admin: true });
    const { company, project } = await customerWithProject(server, "Served Co");
    const response = await admin.client.post("/api/tickets", { projectId: project.id, title: "Planned maintenance", priority: "low" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: "pending", company: { id: company.id }, createdBy: { id: admin.id } });
    const unknown = await admin.client.post("/api/tickets", { projectId: crypto.randomUUID(), title: "Nowhere" });
    expect(unknown.status).toBe(400);
    expect(unknown.problem.errors).toEqual([{ field: "projectId", message: "No such project" }]);
  });

  it("answers 401 to an anonymous caller", async () => {
    expect((await server.anonymous().post("/api/tickets", { title: "x" })).status).toBe(401);
  });
});

describe("GET /api/tickets/:id", () => {
  it("shows a customer their own ticket and an admin any ticket", async () => {
    const { project, customer } = await customerWithProject(server, "Own Co");
    const admin = await server.createUser({ admin: true });
    const created = (await customer.client.post("/api/tickets", { projectId: project.id, title: "Mine" })).body;
    const own = await customer.client.get(`/api/tickets/${created.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(created);
    expect((await admin.client.get(`/api/tickets/${created.id}`)).body.id).toBe(created.id);
  });

  it("answers 404 for another company's ticket, exactly as for a missing one", async () => {
    const a = await customerWithProject(server, "Gamma");
    const b = await customerWithProject(server, "Delta");
    const created = (await a.customer.client.post("/api/tickets", { projectId: a.project.id, title: "Private" })).body;
    const foreign = await b.customer.client.get(`/api/tickets/${created.id}`);
    const missing = await b.customer.client.get(`/api/tickets/${crypto.randomUUID()}`);
    expect(foreign.status).toBe(404);
    expect(apartFromRequestId(foreign.body)).toEqual(apartFromRequestId(missing.body));
  });

  it("answers 400 naming id for a malformed id, and 401 to an anonymous caller", async () => {
    const { customer } = await customerWithProject(server, "Malformed Co");
    const response = await customer.client.get("/api/tickets/not-a-uuid");
    expectFieldRefused(response, "id");
    expect((await server.anonymous().get(`/api/tickets/${crypto.randomUUID()}`)).status).toBe(401);
  });
});

describe("PATCH /api/tickets/:id", () => {
  it("lets an admin change title, description, status and priority, and announces it", async () => {
    const { company, project, customer } = await customerWithProject(server, "Editable Co");
    const admin = await server.createUser({ admin: true });
    const created = (await customer.client.post("/api/tickets", { projectId: project.id, title: "Old" })).body;
    const event = nextEvent(server, "ticket");
    const response = await admin.client.patch(`/api/tickets/${created.id}`, {
      title: "New",
      description: "Clarified",
      status: "doing",
      priority: "urgent",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: "New", description: "Clarified", status: "doing", priority: "urgent" });
    expect(await event).toEqual({ kind: "ticket", companyId: company.id, id: created.id });
    expect((await customer.client.get(`/api/tickets/${created.id}`)).body.status).toBe("doing");
  });

  it("answers 403 to a customer, whatever the body, and changes nothing", async () => {
    const { project, customer } = await customerWithProject(server, "Customer Edit Co");
    const created = (await customer.client.post("/api/tickets", { projectId: project.id, title: "Mine" })).body;
    const response = await customer.client.patch(`/api/tickets/${created.id}`, { status: "done" });
    expect(response.status).toBe(403);
    // The role is checked before the body, so a customer learns nothing from validation errors.
    expect((await customer.client.patch(`/api/tickets/${created.id}`, { status: "bogus" })).status).toBe(403);
    expect((await customer.client.get(`/api/tickets/${created.id}`)).body.status).toBe("pending");
  });

  it("answers 400 naming the field for a bad status or blank title, 404 for an unknown ticket, 401 anonymous", async () => {
    const { project, customer } = await customerWithProject(server, "Bad Edit Co");
    const admin = await server.createUser({ admin: true });
    const created = (await customer.client.post("/api/tickets", { projectId: project.id, title: "T" })).body;
    const badStatus = await admin.client.patch(`/api/tickets/${created.id}`, { status: "resolved" });
    expectFieldRefused(badStatus, "status");
    const blank = await admin.client.patch(`/api/tickets/${created.id}`, { title: " " });
    expect(blank.problem.errors![0]!.field).toBe("title");
    expect((await admin.client.patch(`/api/tickets/${created.id}`, {})).status).toBe(400);
    expect((await admin.client.patch(`/api/tickets/${crypto.randomUUID()}`, { status: "done" })).status).toBe(404);
    expect((await server.anonymous().patch(`/api/tickets/${created.id}`, { status: "done" })).status).toBe(401);
  });
});
