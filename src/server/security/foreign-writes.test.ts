import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { companies, companyUsers, messages, profiles, projectComments, projects, ticketComments, tickets, userRoles, invoices } from "../db/schema";
import { send, type Sent } from "../test/security/http";
import { uploadForm } from "../test/security/matrix";
import { rowCounts, snapshot } from "../test/security/snapshot";
import type { ActorName, World } from "../test/security/world";
import { worldForFile } from "@/server/test/per-file";

const { server, world } = worldForFile();

const as = <M extends string, P extends string>(actor: ActorName, method: M, path: P, json?: unknown) =>
  send(server.baseUrl, path, { method, cookie: world.cookie(actor), ...(json === undefined ? {} : { json }) });

let attempts = 0;
/** Sends the request and fails unless it was refused with one of `statuses` and every table is exactly as before. */
async function expectRefusedWithoutWrite(request: () => Promise<Sent>, statuses: number[]) {
  const before = await snapshot(server.deps.db);
  const response = await request();
  attempts += 1;
  expect(statuses, response.text).toContain(response.status);
  const after = await snapshot(server.deps.db);
  expect(rowCounts(after)).toEqual(rowCounts(before));
  expect(after).toEqual(before);
  return response;
}

describe("writes aimed at another company are refused and change nothing", () => {
  // [who, what, method, path, body, refused with]
  const cases: [ActorName, string, string, (w: World) => string, (w: World) => unknown, number[]][] = [
    ["customerA", "create a ticket in B's project", "POST", () => "/api/tickets", (w) => ({ projectId: w.b.projects[0]!.id, title: "Into B" }), [400]],
    ["memberA", "create a ticket in B's project", "POST", () => "/api/tickets", (w) => ({ projectId: w.b.projects[0]!.id, title: "Into B" }), [400]],
    ["loner", "create a ticket in B's project", "POST", () => "/api/tickets", (w) => ({ projectId: w.b.projects[0]!.id, title: "Into B" }), [400]],
    ["customerB", "create a ticket in A's project", "POST", () => "/api/tickets", (w) => ({ projectId: w.a.projects[0]!.id, title: "Into A" }), [400]],
    ["customerA", "comment on B's ticket", "POST", (w) => `/api/tickets/${w.b.tickets[0]!.id}/comments`, () => ({ content: "Hi B" }), [404]],
    ["loner", "comment on B's ticket", "POST", (w) => `/api/tickets/${w.b.tickets[0]!.id}/comments`, () => ({ content: "Hi B" }), [404]],
    ["customerB", "comment on A's ticket", "POST", (w) => `/api/tickets/${w.a.tickets[0]!.id}/comments`, () => ({ content: "Hi A" }), [404]],
    ["customerA", "comment on B's project", "POST", (w) => `/api/projects/${w.b.projects[0]!.id}/comments`, () => ({ content: "Hi B" }), [404]],
    ["customerA", "comment on B's project by its slug", "POST", (w) => `/api/projects/${w.b.projects[0]!.slug}/comments`, () => ({ content: "Hi B" }), [400, 404]],
    ["loner", "comment on B's project", "POST", (w) => `/api/projects/${w.b.projects[0]!.id}/comments`, () => ({ content: "Hi B" }), [404]],
    ["customerA", "message B's company", "POST", () => "/api/messages", (w) => ({ companyId: w.b.company.id, content: "Hi B" }), [404]],
    ["memberA", "message B's company", "POST", () => "/api/messages", (w) => ({ companyId: w.b.company.id, content: "Hi B" }), [404]],
    ["loner", "message B's company", "POST", () => "/api/messages", (w) => ({ companyId: w.b.company.id, content: "Hi B" }), [400, 404]],
    ["customerA", "reuse the id of B's message", "POST", () => "/api/messages", (w) => ({ id: w.b.messages[0]!.id, content: "Overwrite?" }), [409]],
    ["customerA", "mark B's conversation read", "POST", () => "/api/messages/read", (w) => ({ companyId: w.b.company.id }), [404]],
    ["loner", "mark B's conversation read", "POST", () => "/api/messages/read", (w) => ({ companyId: w.b.company.id }), [404]],
    ["customerA", "edit B's ticket", "PATCH", (w) => `/api/tickets/${w.b.tickets[0]!.id}`, () => ({ title: "Mine now", status: "done" }), [403]],
    ["customerA", "move its own ticket into B's project", "PATCH", (w) => `/api/tickets/${w.a.tickets[0]!.id}`, (w) => ({ projectId: w.b.projects[0]!.id }), [403]],
    ["customerA", "edit B's project", "PATCH", (w) => `/api/projects/${w.b.projects[0]!.id}`, () => ({ name: "Mine now" }), [403]],
    ["customerA", "edit B's invoice", "PATCH", (w) => `/api/invoices/${w.b.invoices[0]!.id}`, () => ({ status: "paid" }), [403]],
    ["customerA", "create a project for B", "POST", () => "/api/projects", (w) => ({ companyId: w.b.company.id, name: "Mine" }), [403]],
    ["customerA", "create an invoice for B", "POST", () => "/api/invoices", (w) => ({ companyId: w.b.company.id, invoiceNumber: "X-1", amount: "1", issueDate: "2026-01-01" }), [403]],
    ["admin", "create a project for a company that does not exist", "POST", () => "/api/projects", () => ({ companyId: randomUUID(), name: "Ghost" }), [400]],
    ["admin", "edit a ticket that does not exist", "PATCH", () => `/api/tickets/${randomUUID()}`, () => ({ title: "Ghost" }), [404]],
  ];

  it.each(cases)("refuses %s's attempt to %s, leaving every table as it was", async (actor, _what, method, path, body, statuses) => {
    await expectRefusedWithoutWrite(() => as(actor, method, path(world), body(world)), statuses);
  });

  // [who, what, method, path, refused with]: uploads (multipart) and deletions of files.
  const fileCases: [ActorName, string, string, (w: World) => string, number[]][] = [
    ["customerA", "attach a file to B's ticket", "POST", (w) => `/api/tickets/${w.b.tickets[0]!.id}/files`, [404]],
    ["loner", "attach a file to B's ticket", "POST", (w) => `/api/tickets/${w.b.tickets[0]!.id}/files`, [404]],
    ["customerB", "attach a file to A's ticket comment", "POST", (w) => `/api/tickets/${w.a.tickets[0]!.id}/comments/${w.a.ticketComments[0]!.id}/files`, [404]],
    ["customerA", "attach a file to B's comment under A's ticket", "POST", (w) => `/api/tickets/${w.a.tickets[0]!.id}/comments/${w.b.ticketComments[0]!.id}/files`, [404]],
    ["customerA", "attach a file to B's project comment", "POST", (w) => `/api/projects/${w.b.projects[0]!.id}/comments/${w.b.projectComments[0]!.id}/files`, [404]],
    ["customerA", "attach a file to B's message", "POST", (w) => `/api/messages/${w.b.messages[0]!.id}/files`, [404]],
    ["customerA", "give B's invoice a PDF", "PUT", (w) => `/api/invoices/${w.b.invoices[0]!.id}/pdf`, [403]],
    ["customerA", "remove A's own invoice PDF", "DELETE", (w) => `/api/invoices/${w.a.invoices[2]!.id}/pdf`, [403]],
    ["customerA", "delete B's file", "DELETE", (w) => `/api/files/${w.b.files[0]!.id}`, [404]],
    ["memberA", "delete a file customerA uploaded", "DELETE", (w) => `/api/files/${w.a.files[0]!.id}`, [403]],
  ];

  it.each(fileCases)("refuses %s's attempt to %s, storing and deleting no file", async (actor, _what, method, path, statuses) => {
    const file = { name: "foreign.pdf", type: "application/pdf", content: "%PDF-1.4\nforeign\n%%EOF\n" };
    await expectRefusedWithoutWrite(
      () => send(server.baseUrl, path(world), { method, cookie: world.cookie(actor), ...(method === "DELETE" ? {} : { form: uploadForm(file) }) }),
      statuses,
    );
  });

  it("saves a customer's profile only into their own company, whatever id the body names", async () => {
    const [bBefore] = await server.deps.db.select().from(companies).where(eq(companies.id, world.b.company.id));
    const response = await as("customerA", "PUT", "/api/companies/mine", {
      id: world.b.company.id,
      companyId: world.b.company.id,
      name: "Alpha Corp",
      phone: "+1 555 0199",
    });
    expect(response.status).toBe(200);
    expect(response.body.company.id).toBe(world.a.company.id);
    const [bAfter] = await server.deps.db.select().from(companies).where(eq(companies.id, world.b.company.id));
    expect(bAfter).toEqual(bBefore);
    const [aAfter] = await server.deps.db.select().from(companies).where(eq(companies.id, world.a.company.id));
    expect(aAfter!.phone).toBe("+1 555 0199");
  });
});

describe("mass assignment: fields the server owns are never taken from a customer", () => {
  const chosenId = "11111111-1111-4111-8111-111111111111";
  const longAgo = "2000-01-01T00:00:00.000Z";

  it("opens a customer's ticket as pending, by the caller, in the project's company, whatever the body says", async () => {
    const response = await as("customerA", "POST", "/api/tickets", {
      projectId: world.a.projects[0]!.id,
      title: "Owned by the server",
      status: "done",
      createdBy: world.users.customerB.id,
      created_by: world.users.customerB.id,
      companyId: world.b.company.id,
      company_id: world.b.company.id,
      id: chosenId,
      createdAt: longAgo,
    });
    expect(response.status).toBe(201);
    const [row] = await server.deps.db.select().from(tickets).where(eq(tickets.id, response.body.id));
    expect(row).toMatchObject({ status: "pending", createdBy: world.users.customerA.id, companyId: world.a.company.id, projectId: world.a.projects[0]!.id });
    expect(row!.id).not.toBe(chosenId);
    expect(row!.createdAt.getFullYear()).toBeGreaterThan(2020);
  });

  it("writes comments as the caller on the ticket or project of the path, whatever the body says", async () => {
    for (const [kind, id, table] of [
      ["tickets", world.a.tickets[0]!.id, ticketComments],
      ["projects", world.a.projects[0]!.id, projectComments],
    ] as const) {
      const response = await as("customerA", "POST", `/api/${kind}/${id}/comments`, {
        content: "Mine",
        userId: world.users.admin.id,
        user_id: world.users.admin.id,
        author: { id: world.users.admin.id, name: "Ada Admin" },
        ticketId: world.b.tickets[0]!.id,
        projectId: world.b.projects[0]!.id,
        id: chosenId,
        createdAt: longAgo,
      });
      expect(response.status).toBe(201);
      expect(response.body.author!.id).toBe(world.users.customerA.id);
      const [row] = await server.deps.db.select().from(table).where(eq(table.id, response.body.id));
      expect(row!.userId).toBe(world.users.customerA.id);
      expect("ticketId" in row! ? row.ticketId : row!.projectId).toBe(id);
      expect(row!.id).not.toBe(chosenId);
    }
  });

  it("sends a customer's message as the caller, unread, to their own company, whatever the body says", async () => {
    const response = await as("customerA", "POST", "/api/messages", {
      content: "Who sent this?",
      senderId: world.users.admin.id,
      sender_id: world.users.admin.id,
      sender: { id: world.users.admin.id, isAdmin: true },
      isRead: true,
      is_read: true,
      createdAt: longAgo,
    });
    expect(response.status).toBe(201);
    const [row] = await server.deps.db.select().from(messages).where(eq(messages.id, response.body.id));
    expect(row).toMatchObject({ senderId: world.users.customerA.id, isRead: false, companyId: world.a.company.id });
    expect(row!.createdAt.getFullYear()).toBeGreaterThan(2020);
  });

  it("never takes a role, membership or company from a customer's profile save", async () => {
    const response = await as("memberA", "PUT", "/api/companies/mine", {
      name: "Alpha Corp",
      role: "admin",
      userId: world.users.customerB.id,
      companyId: world.b.company.id,
      createdAt: longAgo,
    });
    expect(response.status).toBe(200);
    expect(await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, world.users.memberA.id))).toEqual([]);
    const [membership] = await server.deps.db.select().from(companyUsers).where(eq(companyUsers.userId, world.users.memberA.id));
    expect(membership!.companyId).toBe(world.a.company.id);
    expect((await as("memberA", "GET", "/api/me")).body).toMatchObject({ role: "customer", company: { id: world.a.company.id } });
  });

  it("signs up a plain customer without a company, whatever role, company, id or verification the body claims", async () => {
    const email = `claims-${randomUUID().slice(0, 8)}@example.test`;
    const response = await send(server.baseUrl, "/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "Claimant", email, password: "river-stone-84", role: "admin", isAdmin: true, companyId: world.b.company.id, emailVerified: true, id: chosenId },
    });
    expect(response.status).toBe(200);
    const [profile] = await server.deps.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile!.id).not.toBe(chosenId);
    expect(profile!.emailVerified).toBe(false);
    expect(await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, profile!.id))).toEqual([]);
    expect(await server.deps.db.select().from(companyUsers).where(eq(companyUsers.userId, profile!.id))).toEqual([]);
  });

  it("ignores a company or slug in an admin's ticket and project edits, and refuses one that moves an issued invoice: none changes owner", async () => {
    const b = world.b;
    const ticket = await as("admin", "PATCH", `/api/tickets/${world.a.tickets[1]!.id}`, { title: "Renamed", projectId: b.projects[0]!.id, companyId: b.company.id });
    const project = await as("admin", "PATCH", `/api/projects/${world.a.projects[1]!.id}`, { name: "Renamed", companyId: b.company.id, slug: "hijacked" });
    const [before] = await server.deps.db.select().from(invoices).where(eq(invoices.id, world.a.invoices[1]!.id));
    // Only a draft may move (ADR 025); an issued invoice's company is part of what was billed.
    const invoice = await as("admin", "PATCH", `/api/invoices/${world.a.invoices[1]!.id}`, { status: "paid", companyId: b.company.id });
    expect([ticket.status, project.status, invoice.status]).toEqual([200, 200, 409]);
    expect((invoice.body as unknown as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual(["companyId"]);
    const [t] = await server.deps.db.select().from(tickets).where(eq(tickets.id, world.a.tickets[1]!.id));
    expect(t).toMatchObject({ title: "Renamed", projectId: world.a.projects[0]!.id, companyId: world.a.company.id });
    const [p] = await server.deps.db.select().from(projects).where(eq(projects.id, world.a.projects[1]!.id));
    expect(p).toMatchObject({ name: "Renamed", companyId: world.a.company.id, slug: world.a.projects[1]!.slug });
    const [i] = await server.deps.db.select().from(invoices).where(eq(invoices.id, world.a.invoices[1]!.id));
    expect(i).toEqual(before);
    expect(i).toMatchObject({ companyId: world.a.company.id });
  });

  afterAll(() => console.log(`foreign writes: ${attempts} refused attempts, each compared row by row across 11 tables`));
});
