import { beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../../test/harness";
import { createCustomer, customerWithProject, insertProject, insertTickets } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

let secondProjectOfA: { id: string; name: string };

const open = (user: TestUser, projectId: string, title: string, priority = "medium") =>
  user.client.post("/api/tickets", { projectId, title, priority }).then((r) => r.body);

// Two companies side by side, created once: every test below only reads.
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const a = beforeAllTests(() => customerWithProject(server, "Alpha Corp"));
const b = beforeAllTests(() => customerWithProject(server, "Beta Corp"));
beforeAll(async () => {
  secondProjectOfA = await insertProject(server, a.company.id, "Alpha app");
  await open(a.customer, a.project.id, "Alpha first");
  await open(a.customer, secondProjectOfA.id, "Alpha second 100%_done");
  const third = await open(a.customer, a.project.id, "Alpha third", "urgent");
  await open(b.customer, b.project.id, "Beta only");
  await admin.client.patch(`/api/tickets/${third.id}`, { status: "done" });
});

const titles = (body: { items: { title: string }[] }) => body.items.map((t) => t.title);

describe("GET /api/tickets for a customer", () => {
  it("lists only the customer's company's tickets, newest first, with project and company", async () => {
    const response = await a.customer.client.get("/api/tickets");
    expect(response.status).toBe(200);
    expect(titles(response.body)).toEqual(["Alpha third", "Alpha second 100%_done", "Alpha first"]);
    expect(response.body.total).toBe(3);
    expect(response.body.items[0]).toMatchObject({
      status: "done",
      priority: "urgent",
      project: { id: a.project.id, name: a.project.name },
      company: { id: a.company.id, name: "Alpha Corp" },
    });
    expect(titles((await b.customer.client.get("/api/tickets")).body)).toEqual(["Beta only"]);
  });

  it("pages the company's tickets like any list, also one status at a time (the board's columns)", async () => {
    const first = await a.customer.client.get("/api/tickets?pageSize=2");
    expect(first.body).toMatchObject({ total: 3, totalExact: true, page: 1, pageSize: 2 });
    expect(titles(first.body)).toEqual(["Alpha third", "Alpha second 100%_done"]);
    expect(titles((await a.customer.client.get("/api/tickets?pageSize=2&page=2")).body)).toEqual(["Alpha first"]);
    const pending = await a.customer.client.get("/api/tickets?status=pending&pageSize=1&page=2");
    expect(pending.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(titles(pending.body)).toEqual(["Alpha first"]);
  });

  it("answers 400 naming the field for a page size over the limit", async () => {
    const response = await a.customer.client.get("/api/tickets?pageSize=101");
    expect(response.status).toBe(400);
    expect(response.problem.errors![0]!.field).toBe("pageSize");
  });

  it("filters by project and cannot be widened to another company", async () => {
    const byProject = await a.customer.client.get(`/api/tickets?projectId=${secondProjectOfA.id}`);
    expect(titles(byProject.body)).toEqual(["Alpha second 100%_done"]);
    const foreignProject = await a.customer.client.get(`/api/tickets?projectId=${b.project.id}`);
    expect(foreignProject.body).toMatchObject({ items: [], total: 0 });
    const foreignCompany = await a.customer.client.get(`/api/tickets?companyId=${b.company.id}`);
    expect(titles(foreignCompany.body)).not.toContain("Beta only");
  });

  it("gives a customer without a company an empty list", async () => {
    const loner = await server.createUser();
    const response = await loner.client.get("/api/tickets");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ items: [], total: 0 });
  });

  it("answers 401 to an anonymous caller and 400 naming the field for a bad filter", async () => {
    expect((await server.anonymous().get("/api/tickets")).status).toBe(401);
    const response = await a.customer.client.get("/api/tickets?status=closed");
    expect(response.status).toBe(400);
    expect(response.problem.errors![0]!.field).toBe("status");
  });
});

describe("GET /api/tickets for an admin", () => {
  it("pages through every company's tickets with a total from the whole result", async () => {
    const first = await admin.client.get("/api/tickets?pageSize=2");
    expect(first.body).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(titles(first.body)).toEqual(["Beta only", "Alpha third"]);
    const second = await admin.client.get("/api/tickets?pageSize=2&page=2");
    expect(titles(second.body)).toEqual(["Alpha second 100%_done", "Alpha first"]);
    const oldestFirst = await admin.client.get("/api/tickets?sort=asc&pageSize=1");
    expect(titles(oldestFirst.body)).toEqual(["Alpha first"]);
  });

  it("filters by company, project and status", async () => {
    expect(titles((await admin.client.get(`/api/tickets?companyId=${b.company.id}`)).body)).toEqual(["Beta only"]);
    const byProject = await admin.client.get(`/api/tickets?projectId=${a.project.id}`);
    expect(titles(byProject.body)).toEqual(["Alpha third", "Alpha first"]);
    const done = await admin.client.get("/api/tickets?status=done");
    expect(done.body).toMatchObject({ total: 1, items: [{ title: "Alpha third", company: { name: "Alpha Corp" } }] });
  });

  it("searches titles case-insensitively, taking % and _ literally", async () => {
    expect(titles((await admin.client.get("/api/tickets?q=ALPHA")).body)).toHaveLength(3);
    expect(titles((await admin.client.get(`/api/tickets?q=${encodeURIComponent("100%_")}`)).body)).toEqual([
      "Alpha second 100%_done",
    ]);
    expect((await admin.client.get(`/api/tickets?q=${encodeURIComponent("%")}`)).body.total).toBe(1);
  });
});

describe("GET /api/tickets/status-counts", () => {
  const counts = async (user: TestUser, query = "") => {
    const response = await user.client.get(`/api/tickets/status-counts${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };

  it("counts the customer's company's tickets per status and nothing of another company's", async () => {
    expect(await counts(a.customer)).toEqual({ pending: 2, doing: 0, done: 1 });
    expect(await counts(b.customer)).toEqual({ pending: 1, doing: 0, done: 0 });
    expect(await counts(a.customer, `?companyId=${b.company.id}`)).toEqual({ pending: 2, doing: 0, done: 1 });
    expect(await counts(a.customer, `?projectId=${secondProjectOfA.id}`)).toEqual({ pending: 1, doing: 0, done: 0 });
    expect(await counts(a.customer, `?projectId=${b.project.id}`)).toEqual({ pending: 0, doing: 0, done: 0 });
    expect(await counts(await server.createUser())).toEqual({ pending: 0, doing: 0, done: 0 });
  });

  it("counts any company's tickets for an admin", async () => {
    expect(await counts(admin, `?companyId=${a.company.id}`)).toEqual({ pending: 2, doing: 0, done: 1 });
    expect(await counts(admin, `?companyId=${b.company.id}`)).toEqual({ pending: 1, doing: 0, done: 0 });
    expect(await counts(admin, `?projectId=${a.project.id}`)).toEqual({ pending: 1, doing: 0, done: 1 });
  });

  it("counts exactly past the lists' 10,000-row cap, and the pages reach the oldest ticket", async () => {
    const big = await customerWithProject(server, "Long History Ltd");
    await insertTickets(server, { id: big.project.id, companyId: big.company.id }, { count: 10_001, status: "done", title: "Old ticket" });
    const colleague = await createCustomer(server, big.company.id);
    expect(await counts(colleague)).toEqual({ pending: 0, doing: 0, done: 10_001 });

    const first = await colleague.client.get("/api/tickets?status=done&pageSize=100");
    expect(first.body).toMatchObject({ total: 10_000, totalExact: false });
    expect(titles(first.body)[0]).toBe("Old ticket 10001");
    const last = await colleague.client.get("/api/tickets?status=done&pageSize=100&page=101");
    expect(titles(last.body)).toEqual(["Old ticket 1"]);
  });

  it("answers 401 to an anonymous caller and 400 naming the field for a malformed filter", async () => {
    expect((await server.anonymous().get("/api/tickets/status-counts")).status).toBe(401);
    const response = await a.customer.client.get("/api/tickets/status-counts?projectId=nope");
    expect(response.status).toBe(400);
    expect(response.problem.errors![0]!.field).toBe("projectId");
  });
});

describe("OpenAPI document", () => {
  it("documents every ticket and ticket comment route", async () => {
    const doc = await server.anonymous().get("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths!)).toEqual(
      expect.arrayContaining(["/tickets", "/tickets/status-counts", "/tickets/{id}", "/tickets/{id}/comments"]),
    );
    expect(Object.keys(doc.body.paths!["/tickets/{id}"]!)).toEqual(expect.arrayContaining(["get", "patch"]));
  });
});
