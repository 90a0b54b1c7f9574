import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TicketListItem } from "@/shared/schemas/ticket";
import { activityEvents, profiles, projects, tickets } from "@/server/db/schema";
import type { TestUser } from "../../test/harness";
import { customerWithProject, createCustomer } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

/*
 * What issue 22's richer records add to a ticket: its number, assignee, update time and comment
 * count in lists and detail; the project's assignee for a new ticket; an admin's assignee change;
 * the team's first look (POST /seen); and the new filters, none of which widens a customer's scope.
 */

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Ada Admin" }));
const teammate = beforeAllTests(() => server.createUser({ admin: true, name: "Tom Team" }));

const open = async (user: TestUser, projectId: string, body: Record<string, unknown> = {}) => {
  const response = await user.client.post("/api/tickets", { projectId, title: "Help", ...body });
  expect(response.status).toBe(201);
  return response.body;
};

async function assignProject(projectId: string, userId: string | null) {
  await server.deps.db.update(projects).set({ assignedTo: userId }).where(eq(projects.id, projectId));
}

const seenAt = async (id: string) => (await server.deps.db.select({ at: tickets.seenByTeamAt }).from(tickets).where(eq(tickets.id, id)))[0]!.at;

describe("a ticket's number, assignee, update time and comment count", () => {
  it("numbers new tickets one after another across companies and shows the number in list and detail", async () => {
    const a = await customerWithProject(server, "Numbered A");
    const b = await customerWithProject(server, "Numbered B");
    const first = await open(a.customer, a.project.id);
    const second = await open(b.customer, b.project.id);
    const third = await open(a.customer, a.project.id);
    expect(second.number).toBe(first.number + 1);
    expect(third.number).toBe(second.number + 1);
    const list = await a.customer.client.get("/api/tickets");
    expect(list.body.items.map((ticket: TicketListItem) => ticket.number)).toEqual([third.number, first.number]);
    expect((await a.customer.client.get(`/api/tickets/${first.id}`)).body.number).toBe(first.number);
  });

  it("gives a new ticket its project's assignee, whatever the customer sends, and shows them by name only", async () => {
    const { customer, project } = await customerWithProject(server, "Assigned Co");
    await assignProject(project.id, teammate.id);
    const ticket = await open(customer, project.id, { assignedTo: admin.id });
    expect(ticket.assignee).toEqual({ id: teammate.id, name: "Tom Team" });
    const [row] = await server.deps.db.select({ assignedTo: tickets.assignedTo }).from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.assignedTo).toBe(teammate.id);
    const [listed] = (await customer.client.get("/api/tickets")).body.items;
    // The assignee is a name: no address or anything else of the person reaches the customer.
    expect(listed!.assignee).toEqual({ id: teammate.id, name: "Tom Team" });
  });

  it("names an assignee without a full name by their address, and an unassigned project's ticket has none", async () => {
    const { customer, project } = await customerWithProject(server, "Nameless Co");
    const nameless = await server.createUser({ admin: true });
    await server.deps.db.update(profiles).set({ fullName: " " }).where(eq(profiles.id, nameless.id));
    const unassigned = await open(customer, project.id);
    expect(unassigned.assignee).toBeNull();
    await assignProject(project.id, nameless.id);
    const ticket = await open(customer, project.id);
    expect(ticket.assignee).toEqual({ id: nameless.id, name: nameless.email });
  });

  it("counts a ticket's comments in the list and the detail, and moves updatedAt on an edit", async () => {
    const { customer, project } = await customerWithProject(server, "Counted Co");
    const quiet = await open(customer, project.id, { title: "Quiet" });
    const busy = await open(customer, project.id, { title: "Busy" });
    await customer.client.post(`/api/tickets/${busy.id}/comments`, { content: "One" });
    await admin.client.post(`/api/tickets/${busy.id}/comments`, { content: "Two" });
    const items: TicketListItem[] = (await customer.client.get("/api/tickets")).body.items;
    expect(items.map((ticket) => [ticket.title, ticket.commentCount])).toEqual([
      ["Busy", 2],
      ["Quiet", 0],
    ]);
    expect((await customer.client.get(`/api/tickets/${busy.id}`)).body.commentCount).toBe(2);
    const edited = await admin.client.patch(`/api/tickets/${quiet.id}`, { priority: "high" });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThan(Date.parse(quiet.updatedAt));
  });
});

describe("PATCH /api/tickets/{id} assignedTo", () => {
  it("lets an admin assign a team member, record it by name in the history, and unassign with null or an empty string", async () => {
    const { customer, project } = await customerWithProject(server, "Reassign Co");
    const ticket = await open(customer, project.id);
    const assigned = await admin.client.patch(`/api/tickets/${ticket.id}`, { assignedTo: teammate.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.assignee).toEqual({ id: teammate.id, name: "Tom Team" });
    const history = await server.deps.db
      .select({ field: activityEvents.field, from: activityEvents.fromValue, to: activityEvents.toValue })
      .from(activityEvents)
      .where(eq(activityEvents.ticketId, ticket.id));
    expect(history).toContainEqual({ field: "assignedTo", from: null, to: "Tom Team" });
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { assignedTo: "" })).body.assignee).toBeNull();
    await admin.client.patch(`/api/tickets/${ticket.id}`, { assignedTo: admin.id });
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { assignedTo: null })).body.assignee).toBeNull();
  });

  it("refuses a customer or an unknown person as assignee with a 400 naming assignedTo, and keeps the ticket as it was", async () => {
    const { customer, project, company } = await customerWithProject(server, "Refuse Co");
    const colleague = await createCustomer(server, company.id);
    const ticket = await open(customer, project.id);
    for (const assignedTo of [colleague.id, crypto.randomUUID(), "not-a-uuid"]) {
      const response = await admin.client.patch(`/api/tickets/${ticket.id}`, { assignedTo });
      expect(response.status).toBe(400);
      expect(response.problem.errors).toEqual([{ field: "assignedTo", message: "Choose a team member" }]);
    }
    expect((await admin.client.get(`/api/tickets/${ticket.id}`)).body.assignee).toBeNull();
  });

  it("refuses a customer's change of assignee with 403 and leaves the ticket alone", async () => {
    const { customer, project } = await customerWithProject(server, "Self Assign Co");
    const ticket = await open(customer, project.id);
    const response = await customer.client.patch(`/api/tickets/${ticket.id}`, { assignedTo: admin.id });
    expect(response.status).toBe(403);
    expect((await customer.client.get(`/api/tickets/${ticket.id}`)).body.assignee).toBeNull();
  });
});

describe("POST /api/tickets/{id}/seen", () => {
  it("stamps the team's first look once: a second call keeps the first time", async () => {
    const { customer, project } = await customerWithProject(server, "Seen Co");
    const ticket = await open(customer, project.id);
    expect(await seenAt(ticket.id)).toBeNull();
    const first = await admin.client.post(`/api/tickets/${ticket.id}/seen`, {});
    expect(first.status).toBe(200);
    const stamped = await seenAt(ticket.id);
    expect(first.body.seenByTeamAt).toBe(stamped!.toISOString());
    const again = await teammate.client.post(`/api/tickets/${ticket.id}/seen`, {});
    expect(again.status).toBe(200);
    expect(again.body.seenByTeamAt).toBe(stamped!.toISOString());
    expect(await seenAt(ticket.id)).toEqual(stamped);
    // Opening is not editing.
    expect((await customer.client.get(`/api/tickets/${ticket.id}`)).body.updatedAt).toBe(ticket.updatedAt);
  });

  it("answers 403 to a customer (who cannot mark their own ticket seen), 404 for a missing ticket, 400 for a malformed id and 401 anonymous", async () => {
    const { customer, project } = await customerWithProject(server, "Unseen Co");
    const ticket = await open(customer, project.id);
    expect((await customer.client.post(`/api/tickets/${ticket.id}/seen`, {})).status).toBe(403);
    expect(await seenAt(ticket.id)).toBeNull();
    expect((await admin.client.post(`/api/tickets/${crypto.randomUUID()}/seen`, {})).status).toBe(404);
    expect((await admin.client.post("/api/tickets/42/seen", {})).status).toBe(400);
    expect((await server.anonymous().post(`/api/tickets/${ticket.id}/seen`, {})).status).toBe(401);
  });
});

describe("the ticket list's filters and search", () => {
  const world = beforeAllTests(async () => {
    const a = await customerWithProject(server, "Filter A");
    const b = await customerWithProject(server, "Filter B");
    await assignProject(a.project.id, teammate.id);
    const low = await open(a.customer, a.project.id, { title: "Printer jams", priority: "low" });
    const urgent = await open(a.customer, a.project.id, { title: "Site down 503", priority: "urgent" });
    await admin.client.patch(`/api/tickets/${urgent.id}`, { assignedTo: null });
    const foreign = await open(b.customer, b.project.id, { title: "Beta secret", priority: "urgent" });
    return { a, b, low, urgent, foreign };
  });
  const titlesOf = async (user: TestUser, query: string) => {
    const response = await user.client.get(`/api/tickets?${query}`);
    expect(response.status).toBe(200);
    return response.body.items.map((ticket: TicketListItem) => ticket.title);
  };

  it("filters by priority and by assignee, a team member's or nobody's", async () => {
    const { a } = world;
    const own = `companyId=${a.company.id}`;
    expect(await titlesOf(admin, `${own}&priority=urgent`)).toEqual(["Site down 503"]);
    expect(await titlesOf(admin, `${own}&assignedTo=${teammate.id}`)).toEqual(["Printer jams"]);
    expect(await titlesOf(admin, `${own}&assignedTo=unassigned`)).toEqual(["Site down 503"]);
    expect(await titlesOf(a.customer, "priority=low")).toEqual(["Printer jams"]);
  });

  it("finds a ticket by its number, written #142 or 142, as well as by title", async () => {
    const { a, low, urgent } = world;
    expect(await titlesOf(a.customer, `q=${encodeURIComponent(`#${low.number}`)}`)).toEqual(["Printer jams"]);
    expect(await titlesOf(a.customer, `q=${low.number}`)).toEqual(["Printer jams"]);
    expect(await titlesOf(a.customer, "q=printer")).toEqual(["Printer jams"]);
    // A number in a title is found too, beside the ticket of that number.
    expect(await titlesOf(a.customer, "q=503")).toContain("Site down 503");
    expect(await titlesOf(a.customer, `q=${urgent.number}`)).toContain("Site down 503");
  });

  it("never shows a customer another company's ticket, by its number, by companyId or by an assignee filter", async () => {
    const { a, b, foreign } = world;
    expect(await titlesOf(a.customer, `q=${encodeURIComponent(`#${foreign.number}`)}`)).toEqual([]);
    expect(await titlesOf(a.customer, `companyId=${b.company.id}`)).toEqual(["Site down 503", "Printer jams"]);
    expect(await titlesOf(a.customer, `companyId=${b.company.id}&priority=urgent&assignedTo=unassigned`)).toEqual(["Site down 503"]);
    const counts = await a.customer.client.get(`/api/tickets/status-counts?companyId=${b.company.id}&q=${encodeURIComponent(`#${foreign.number}`)}`);
    expect(counts.body).toEqual({ pending: 0, doing: 0, done: 0 });
    expect(await titlesOf(b.customer, `q=${foreign.number}`)).toEqual(["Beta secret"]);
  });

  it("counts the board's columns for a search, as the list finds it", async () => {
    const { a, low } = world;
    const counts = await a.customer.client.get(`/api/tickets/status-counts?q=${encodeURIComponent(`#${low.number}`)}`);
    expect(counts.body).toEqual({ pending: 1, doing: 0, done: 0 });
  });

  it("keeps the new filters after a cursor, with the filtered list's total", async () => {
    const { a } = world;
    const first = await admin.client.get(`/api/tickets?companyId=${a.company.id}&priority=urgent&assignedTo=unassigned&pageSize=1`);
    expect(first.body).toMatchObject({ total: 1, nextCursor: null });
    const all = await admin.client.get(`/api/tickets?companyId=${a.company.id}&assignedTo=unassigned&q=site&pageSize=1`);
    expect(all.body.items.map((ticket: TicketListItem) => ticket.title)).toEqual(["Site down 503"]);
  });

  it("answers 400 naming the field for an unknown priority or an assignee that is neither an id nor unassigned", async () => {
    const { a } = world;
    for (const [query, field] of [
      ["priority=critical", "priority"],
      ["assignedTo=nobody", "assignedTo"],
      ["status=open", "status"],
    ] as const) {
      const response = await a.customer.client.get(`/api/tickets?${query}`);
      expect(response.status).toBe(400);
      expect(response.problem.errors!.map((error) => error.field)).toEqual([field]);
    }
  });
});
