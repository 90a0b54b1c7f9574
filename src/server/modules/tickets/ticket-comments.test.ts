import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PorticoEvent } from "../../realtime/event-bus";
import { profiles, ticketComments } from "../../db/schema";
import { customerWithProject } from "@/server/test/fixtures";
import { serverForFile } from "@/server/test/per-file";

const server = serverForFile();

const commentCount = async () => (await server.deps.db.select({ n: count() }).from(ticketComments))[0]!.n;

async function ticketOf(companyName: string) {
  const fixture = await customerWithProject(server, companyName);
  const ticket = (await fixture.customer.client.post("/api/tickets", { projectId: fixture.project.id, title: "Help" })).body;
  return { ...fixture, ticket };
}

describe("ticket comments", () => {
  it("lets the customer and an admin talk on a ticket, oldest first, with authors", async () => {
    const { customer, company, ticket } = await ticketOf("Chatty Co");
    const admin = await server.createUser({ admin: true, name: "Ada Admin" });
    const events: PorticoEvent[] = [];
    const stop = server.deps.events.subscribe((event) => events.push(event));

    const first = await customer.client.post(`/api/tickets/${ticket.id}/comments`, { content: "  Any news?  " });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      content: "Any news?",
      author: { id: customer.id, name: customer.name, email: customer.email },
    });
    const reply = await admin.client.post(`/api/tickets/${ticket.id}/comments`, { content: "On it." });
    expect(reply.status).toBe(201);

    const thread = await customer.client.get(`/api/tickets/${ticket.id}/comments`);
    expect(thread.status).toBe(200);
    expect(thread.body.map((c: { content: string }) => c.content)).toEqual(["Any news?", "On it."]);
    expect(thread.body[1]!.author).toEqual({ id: admin.id, name: "Ada Admin", email: admin.email });
    // Only this ticket's comment events count: NOTIFY is asynchronous on PostgreSQL.
    const mine = () => events.filter((event) => event.kind === "ticket_comment" && event.id === ticket.id);
    await expect.poll(() => mine().length).toBe(2);
    stop();
    // The event names the ticket: that is the thread a client refetches.
    expect(mine()[0]).toEqual({ kind: "ticket_comment", companyId: company.id, id: ticket.id });
  });

  it("marks a team member's comment byTeam, a customer's not, in the thread and in the write's answer", async () => {
    const { customer, ticket } = await ticketOf("Team Badge Co");
    const admin = await server.createUser({ admin: true });
    const question = await customer.client.post(`/api/tickets/${ticket.id}/comments`, { content: "Hello?" });
    const reply = await admin.client.post(`/api/tickets/${ticket.id}/comments`, { content: "Hi, team here." });
    expect([question.body.byTeam, reply.body.byTeam]).toEqual([false, true]);
    const thread = await customer.client.get(`/api/tickets/${ticket.id}/comments`);
    expect(thread.body.map((comment: { byTeam: boolean }) => comment.byTeam)).toEqual([false, true]);
    // The badge is the only thing the thread adds about an author.
    expect(Object.keys(thread.body[1]!.author!).sort()).toEqual(["email", "id", "name"]);
  });

  it("shows a comment whose author's account is gone with a null author", async () => {
    const { ticket } = await ticketOf("Leaver Co");
    const leaver = await server.createUser({ admin: true });
    await leaver.client.post(`/api/tickets/${ticket.id}/comments`, { content: "Bye" });
    await server.deps.db.delete(profiles).where(eq(profiles.id, leaver.id));
    const admin = await server.createUser({ admin: true });
    const thread = await admin.client.get(`/api/tickets/${ticket.id}/comments`);
    expect(thread.body).toMatchObject([{ content: "Bye", author: null, byTeam: false }]);
  });

  it("rejects a blank comment with a 400 naming content", async () => {
    const { customer, ticket } = await ticketOf("Blank Co");
    const response = await customer.client.post(`/api/tickets/${ticket.id}/comments`, { content: " \n " });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "content", message: "Comment cannot be empty" }]);
  });

  it("answers 404 to a customer of another company, reading or writing, and writes nothing", async () => {
    const { ticket } = await ticketOf("Private Co");
    const outsider = await customerWithProject(server, "Outsider Co");
    const before = await commentCount();
    expect((await outsider.customer.client.get(`/api/tickets/${ticket.id}/comments`)).status).toBe(404);
    expect((await outsider.customer.client.post(`/api/tickets/${ticket.id}/comments`, { content: "Hi" })).status).toBe(404);
    const loner = await server.createUser();
    expect((await loner.client.post(`/api/tickets/${ticket.id}/comments`, { content: "Hi" })).status).toBe(404);
    expect(await commentCount()).toBe(before);
  });

  it("answers 404 for an unknown ticket, 400 for a malformed id and 401 to an anonymous caller", async () => {
    const admin = await server.createUser({ admin: true });
    expect((await admin.client.get(`/api/tickets/${crypto.randomUUID()}/comments`)).status).toBe(404);
    expect((await admin.client.post(`/api/tickets/${crypto.randomUUID()}/comments`, { content: "x" })).status).toBe(404);
    expect((await admin.client.get("/api/tickets/123/comments")).status).toBe(400);
    const { ticket } = await ticketOf("Anon Co");
    expect((await server.anonymous().get(`/api/tickets/${ticket.id}/comments`)).status).toBe(401);
  });
});
