import { and, count, eq, gt, isNull, lt, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ticketPriorities, type TicketPriority } from "@/shared/enums";
import { conversations, invoices, projects, tickets } from "@/server/db/schema";
import { customerWithProject, insertProject, invoiceBody } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { expectProblem } from "@/server/test/expect-problem";

const server = serverForFile(undefined, { TIME_ZONE: "UTC", CURRENCY: "EUR" });
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Tess Team" }));

/** The date `days` from today in UTC (the server's TIME_ZONE), as YYYY-MM-DD. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function openTicket(customer: Awaited<ReturnType<typeof customerWithProject>>["customer"], projectId: string, title: string, priority?: TicketPriority) {
  const response = await customer.client.post("/api/tickets", { projectId, title, priority });
  expect(response.status).toBe(201);
  return response.body;
}

async function issueInvoice(companyId: string, overrides: Record<string, unknown>) {
  const response = await admin.client.post("/api/invoices", invoiceBody(companyId, { issueDate: day(-60), ...overrides }));
  expect(response.status).toBe(201);
  return response.body;
}

/** What the database holds, counted here without the service's SQL. */
const db = () => server.deps.db;
type CountedTable = typeof tickets | typeof invoices | typeof projects | typeof conversations;
const countWhere = async (table: CountedTable, where: ReturnType<typeof and>) => (await db().select({ n: count() }).from(table).where(where))[0]!.n;
/** The total a work-queue list must show: the database's own count, marked exact. */
const exactTotal = async (table: CountedTable, where: ReturnType<typeof and>) => ({ count: await countWhere(table, where), exact: true });

/** The admin's work queue as it stands now: each test below reads it, some again after a change. */
const workQueue = async () => (await admin.client.get("/api/overview/work-queue")).body;

describe("GET /api/overview/company", () => {
  it("counts what the company holds: tickets by status, balance, overdue invoices (a partly paid one at what is left, as the balance sums it), team replies and messages, projects", async () => {
    const { company, project, customer } = await customerWithProject(server, "Glance Ltd");
    const other = await customerWithProject(server, "Elsewhere Ltd");
    const second = await insertProject(server, company.id, "Glance app");
    await db().update(projects).set({ status: "on_hold" }).where(eq(projects.id, second.id));

    const first = await openTicket(customer, project.id, "Printer on fire");
    const doing = await openTicket(customer, project.id, "Slow page");
    await openTicket(customer, project.id, "Typo");
    expect((await admin.client.patch(`/api/tickets/${doing.id}`, { status: "doing" })).status).toBe(200);
    await openTicket(other.customer, other.project.id, "Not theirs");

    const overdue = await issueInvoice(company.id, { amount: "100.10", dueDate: day(-3) });
    expect((await admin.client.post(`/api/invoices/${overdue.id}/payments`, { amount: "40.00", method: "bank_transfer", paidAt: day(-1) })).status).toBe(201);
    await issueInvoice(company.id, { amount: "0.20", dueDate: day(5) });
    await issueInvoice(company.id, { amount: "1000.00", dueDate: day(-3), status: "paid" });
    await issueInvoice(company.id, { amount: "77.00", dueDate: day(-3), status: "draft" });
    await issueInvoice(other.company.id, { amount: "555.55", dueDate: day(-9) });

    // A customer's comment is no reply of the team's, and neither is a message of the customer's.
    expect((await customer.client.post(`/api/tickets/${first.id}/comments`, { content: "Any news?" })).status).toBe(201);
    expect((await admin.client.post(`/api/tickets/${first.id}/comments`, { content: "On it: the fire brigade is here." })).status).toBe(201);
    expect((await customer.client.post("/api/messages", { content: "Hello team" })).status).toBe(201);
    expect((await admin.client.post("/api/messages", { companyId: company.id, content: "Your invoice is ready" })).status).toBe(201);
    expect((await admin.client.post("/api/messages", { companyId: other.company.id, content: "Secret to elsewhere" })).status).toBe(201);

    const response = await customer.client.get("/api/overview/company");
    expect(response.status).toBe(200);
    const overview = response.body;
    expect(overview.company).toEqual({ id: company.id, name: "Glance Ltd" });
    expect(overview.tickets).toEqual({ pending: 2, doing: 1, done: 0 });
    expect(overview.balance).toEqual({ outstanding: "60.30", overdue: "60.10", currency: "EUR" });
    expect(overview.overdueInvoices).toEqual({ total: 1, items: [{ id: overdue.id, invoiceNumber: overdue.invoiceNumber, amount: "100.10", amountDue: "60.10", dueDate: day(-3) }] });
    expect(overview.replies.items).toEqual([
      { id: expect.any(String), ticket: { id: first.id, number: first.number, title: "Printer on fire" }, authorName: "Tess Team", excerpt: "On it: the fire brigade is here.", createdAt: expect.any(String) },
    ]);
    expect(overview.messages).toMatchObject({ unread: 1, items: [{ authorName: "Tess Team", excerpt: "Your invoice is ready", isRead: false }] });
    expect(overview.projects.byStatus).toEqual({ active: 1, on_hold: 1, completed: 0 });
    expect(overview.projects.total).toBe(2);
    // Active before on hold.
    expect(overview.projects.items.map((p) => [p.id, p.status])).toEqual([
      [project.id, "active"],
      [second.id, "on_hold"],
    ]);
    // The counts are the database's.
    const held = await db()
      .select({ status: tickets.status, n: count() })
      .from(tickets)
      .where(eq(tickets.companyId, company.id))
      .groupBy(tickets.status);
    expect(Object.fromEntries(held.map((row) => [row.status, row.n]))).toEqual({ pending: 2, doing: 1 });

    // Reading the chat clears the unread count.
    expect((await customer.client.post("/api/messages/read", {})).status).toBe(200);
    expect((await customer.client.get("/api/overview/company")).body.messages).toMatchObject({ unread: 0, items: [{ isRead: true }] });
  });

  it("gives a company with nothing yet zeros and empty lists", async () => {
    const { company, customer } = await customerWithProject(server, "Fresh Ltd");
    await db().delete(projects).where(eq(projects.companyId, company.id));
    const response = await customer.client.get("/api/overview/company");
    expect(response.body).toEqual({
      company: { id: company.id, name: "Fresh Ltd" },
      tickets: { pending: 0, doing: 0, done: 0 },
      balance: { outstanding: "0.00", overdue: "0.00", currency: "EUR" },
      overdueInvoices: { total: 0, items: [] },
      replies: { items: [] },
      messages: { unread: 0, items: [] },
      projects: { total: 0, byStatus: { active: 0, on_hold: 0, completed: 0 }, items: [] },
    });
  });

  it("caps each list at five rows while its count covers them all", async () => {
    const { company, customer } = await customerWithProject(server, "Busy Ltd");
    for (let i = 0; i < 6; i++) await issueInvoice(company.id, { dueDate: day(-10 + i) });
    for (let i = 0; i < 6; i++) await insertProject(server, company.id, `Busy ${i}`);
    const overview = (await customer.client.get("/api/overview/company")).body;
    expect(overview.overdueInvoices.total).toBe(6);
    expect(overview.overdueInvoices.items.map((invoice) => invoice.dueDate)).toEqual([day(-10), day(-9), day(-8), day(-7), day(-6)]);
    expect(overview.projects.total).toBe(7);
    expect(overview.projects.items).toHaveLength(5);
  });

  it("shows a customer only their own company, whatever companyId they pass", async () => {
    const mine = await customerWithProject(server, "Own Ltd");
    const theirs = await customerWithProject(server, "Theirs Ltd");
    await openTicket(theirs.customer, theirs.project.id, "Theirs only");
    const response = await mine.customer.client.get(`/api/overview/company?companyId=${theirs.company.id}`);
    expect(response.status).toBe(200);
    expect(response.body.company.id).toBe(mine.company.id);
    expect(response.body.tickets).toEqual({ pending: 0, doing: 0, done: 0 });
    expect(JSON.stringify(response.body)).not.toContain("Theirs");
  });

  it("lets an admin read any company's overview by id, and asks them to name one", async () => {
    const { company, project, customer } = await customerWithProject(server, "Named Ltd");
    await openTicket(customer, project.id, "For the admin");
    const named = await admin.client.get(`/api/overview/company?companyId=${company.id}`);
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ company: { id: company.id, name: "Named Ltd" }, tickets: { pending: 1, doing: 0, done: 0 } });

    const unnamed = await admin.client.get("/api/overview/company");
    expect(unnamed.status).toBe(400);
    expect(unnamed.problem.errors).toEqual([{ field: "companyId", message: "Choose a company" }]);
    const missing = await admin.client.get("/api/overview/company?companyId=00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
  });

  it("answers 404 to a customer without a company", async () => {
    const loner = await server.createUser();
    const response = await loner.client.get("/api/overview/company");
    expectProblem(response, 404, { detail: "Company not found" });
  });
});

describe("GET /api/overview/work-queue", () => {
  it("refuses customers", async () => {
    const { customer } = await customerWithProject(server, "Nosy Ltd");
    expect((await customer.client.get("/api/overview/work-queue")).status).toBe(403);
  });

  it("lists new tickets most pressing first, the highest priority and then the longest waiting, until a team member has seen them, with counts equal to the database's", async () => {
    const { company, project, customer } = await customerWithProject(server, "Queue Ltd");
    const waitedLongest = await openTicket(customer, project.id, "Waiting longest", "urgent");
    const waitedLess = await openTicket(customer, project.id, "Waiting less", "urgent");
    const lowButOldest = await openTicket(customer, project.id, "Low but oldest", "low");
    // Ten years old: older than any other test's urgent ticket, so these two lead the queue.
    const createdDaysAgo = async (id: string, days: number) => {
      const [row] = await db().update(tickets).set({ createdAt: new Date(Date.now() - days * 86_400_000) }).where(eq(tickets.id, id)).returning({ createdAt: tickets.createdAt });
      return row!.createdAt.toISOString();
    };
    const longestCreatedAt = await createdDaysAgo(waitedLongest.id, 3650);
    await createdDaysAgo(waitedLess.id, 3649);
    await createdDaysAgo(lowButOldest.id, 3700);

    const queue = await workQueue();
    expect(queue.newTickets.items[0]).toEqual({
      id: waitedLongest.id,
      number: waitedLongest.number,
      title: "Waiting longest",
      priority: "urgent",
      company: { id: company.id, name: "Queue Ltd" },
      createdAt: longestCreatedAt,
    });
    expect(queue.newTickets.items[1]!.id).toBe(waitedLess.id);
    // Whatever else the queue holds keeps the rule: a lower priority never before a higher one,
    // and within one priority the one waiting longer first (the low ticket, oldest of all, last).
    const rank = (priority: TicketPriority) => ticketPriorities.indexOf(priority);
    const inOrder = queue.newTickets.items.toSorted((a, b) => rank(b.priority) - rank(a.priority) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    expect(queue.newTickets.items).toEqual(inOrder);
    expect(queue.newTickets.total).toEqual(await exactTotal(tickets, isNull(tickets.seenByTeamAt)));

    await db().update(tickets).set({ seenByTeamAt: new Date() }).where(eq(tickets.id, waitedLongest.id));
    const after = await workQueue();
    expect(after.newTickets.items.map((ticket) => ticket.id)).not.toContain(waitedLongest.id);
    expect(after.newTickets.items[0]!.id).toBe(waitedLess.id);
    expect(after.newTickets.total.count).toBe(queue.newTickets.total.count - 1);
  });

  it("counts every company's tickets by status as the database does", async () => {
    const { project, customer } = await customerWithProject(server, "Status Ltd");
    const ticket = await openTicket(customer, project.id, "To be done");
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { status: "done" })).status).toBe(200);
    const queue = await workQueue();
    for (const status of ["pending", "doing", "done"] as const) {
      expect(queue.tickets[status]).toEqual(await exactTotal(tickets, eq(tickets.status, status)));
    }
    expect(queue.tickets.done.count).toBeGreaterThan(0);
  });

  it("lists conversations with unread customer messages until the team reads them", async () => {
    const { company, customer } = await customerWithProject(server, "Chatty Ltd");
    expect((await customer.client.post("/api/messages", { content: "First" })).status).toBe(201);
    expect((await customer.client.post("/api/messages", { content: "Second" })).status).toBe(201);
    const queue = await workQueue();
    expect(queue.unreadConversations.items[0]).toMatchObject({ company: { id: company.id, name: "Chatty Ltd" }, unreadCount: 2 });
    expect(queue.unreadConversations.total).toEqual(await exactTotal(conversations, gt(conversations.unreadCount, 0)));

    expect((await admin.client.post("/api/messages/read", { companyId: company.id })).status).toBe(200);
    const after = await workQueue();
    expect(after.unreadConversations.items.map((row) => row.company.id)).not.toContain(company.id);
    expect(after.unreadConversations.total.count).toBe(queue.unreadConversations.total.count - 1);
  });

  it("lists overdue invoices, the longest overdue first, and leaves out paid, draft and not yet due ones", async () => {
    const { company } = await customerWithProject(server, "Late Payer Ltd");
    // Ten years overdue: older than any other test's invoice, so first in the queue.
    const long = { issueDate: day(-3700) };
    const oldest = await issueInvoice(company.id, { ...long, amount: "12.34", dueDate: day(-3650) });
    await issueInvoice(company.id, { ...long, dueDate: day(-3651), status: "paid" });
    await issueInvoice(company.id, { ...long, dueDate: day(-3652), status: "draft" });
    await issueInvoice(company.id, { dueDate: day(1) });
    const queue = await workQueue();
    expect(queue.overdueInvoices.items[0]).toEqual({
      id: oldest.id,
      invoiceNumber: oldest.invoiceNumber,
      amount: "12.34",
      amountDue: "12.34",
      dueDate: day(-3650),
      company: { id: company.id, name: "Late Payer Ltd" },
    });
    const overdueHeld = and(eq(invoices.status, "unpaid"), lt(invoices.dueDate, day(0)));
    expect(queue.overdueInvoices.total).toEqual(await exactTotal(invoices, overdueHeld));
    expect(queue.currency).toBe("EUR");
  });

  it("lists projects without an assignee that are not completed", async () => {
    const { company } = await customerWithProject(server, "Orphan Ltd");
    const orphan = await insertProject(server, company.id, "Orphan project");
    const done = await insertProject(server, company.id, "Finished project");
    await db().update(projects).set({ status: "completed" }).where(eq(projects.id, done.id));
    const queue = await workQueue();
    expect(queue.unassignedProjects.items[0]).toEqual({ id: orphan.id, slug: orphan.slug, name: "Orphan project", status: "active", company: { id: company.id, name: "Orphan Ltd" } });
    expect(queue.unassignedProjects.items.map((project) => project.id)).not.toContain(done.id);
    const held = and(isNull(projects.assignedTo), ne(projects.status, "completed"));
    expect(queue.unassignedProjects.total).toEqual(await exactTotal(projects, held));

    await db().update(projects).set({ assignedTo: admin.id }).where(eq(projects.id, orphan.id));
    const after = await workQueue();
    expect(after.unassignedProjects.items.map((project) => project.id)).not.toContain(orphan.id);
  });

  it("caps every list at five rows", async () => {
    const { project, customer } = await customerWithProject(server, "Flood Ltd");
    for (let i = 0; i < 6; i++) await openTicket(customer, project.id, `Flood ${i}`);
    const queue = await workQueue();
    expect(queue.newTickets.items).toHaveLength(5);
    expect(queue.newTickets.total.count).toBeGreaterThanOrEqual(6);
  });
});
