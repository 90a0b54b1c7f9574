import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ticketComments, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import type { PorticoEvent } from "@/server/realtime/event-bus";
import { UPLOAD_FIELD } from "@/shared/rules/file";
import { expectProblem } from "@/server/test/expect-problem";
import { customerWithProject } from "@/server/test/fixtures";
import { serverWithInboxForFile } from "@/server/test/per-file";
import { mailDueNotifications } from "../notifications/notification-mail";

/**
 * A ticket's internal notes: the team writes them in the ticket's thread, and no customer reads,
 * counts or hears of one: not in the thread, the ticket, its history, the overview, their
 * notifications, their mail, the webhooks or the event stream. A customer cannot write one.
 */
const { server, inbox } = serverWithInboxForFile();
let world: Awaited<ReturnType<typeof customerWithProject>> & { ticketId: string };
let admin: Awaited<ReturnType<typeof server.createUser>>;

beforeAll(async () => {
  const fixture = await customerWithProject(server, "Noted Ltd");
  const ticket = await fixture.customer.client.post("/api/tickets", { projectId: fixture.project.id, title: "Export fails" });
  expect(ticket.status).toBe(201);
  world = { ...fixture, ticketId: ticket.body.id };
  admin = await server.createUser({ admin: true, name: "Nina Notes" });
});

const thread = async (client: typeof admin.client) => (await client.get(`/api/tickets/${world.ticketId}/comments`)).body as { id: string; content: string; internal: boolean }[];

describe("internal notes on a ticket", () => {
  it("shows the team its note, marked internal, and leaves it out of everything the customer reads", async () => {
    const note = await admin.client.post(`/api/tickets/${world.ticketId}/comments`, { content: "Their export job hits the 30 s limit", internal: true });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ content: "Their export job hits the 30 s limit", internal: true, byTeam: true });
    const reply = await admin.client.post(`/api/tickets/${world.ticketId}/comments`, { content: "We are raising the limit today." });
    expect(reply.body.internal).toBe(false);

    expect((await thread(admin.client)).map((comment) => [comment.content, comment.internal])).toEqual([
      ["Their export job hits the 30 s limit", true],
      ["We are raising the limit today.", false],
    ]);
    expect((await thread(world.customer.client)).map((comment) => comment.content)).toEqual(["We are raising the limit today."]);

    // The counts: the team's includes its note, the customer's does not, in the detail and the list.
    expect((await admin.client.get(`/api/tickets/${world.ticketId}`)).body.commentCount).toBe(2);
    expect((await world.customer.client.get(`/api/tickets/${world.ticketId}`)).body.commentCount).toBe(1);
    const listed = (await world.customer.client.get("/api/tickets")).body.items as { id: string; commentCount: number }[];
    expect(listed.find((ticket) => ticket.id === world.ticketId)!.commentCount).toBe(1);

    // The history: the team reads both comments, the customer the reply alone.
    const history = async (client: typeof admin.client) =>
      ((await client.get(`/api/tickets/${world.ticketId}/activity`)).body.items as { kind: string; excerpt?: string | null }[]).filter((entry) => entry.kind === "commented");
    expect(await history(admin.client)).toHaveLength(2);
    expect(await history(world.customer.client)).toHaveLength(1);

    // The customer's overview lists the team's reply, not its note.
    const overview = (await world.customer.client.get("/api/overview/company")).body as { replies: { items: { excerpt: string }[] } };
    expect(overview.replies.items.map((item) => item.excerpt)).toEqual(["We are raising the limit today."]);

    // Their notifications: the reply, nothing of the note.
    const notified = (await world.customer.client.get("/api/notifications")).body.items as { kind: string; excerpt: string | null }[];
    expect(notified.filter((item) => item.kind === "comment_reply").map((item) => item.excerpt)).toEqual(["We are raising the limit today."]);
  });

  it("mails the customer the team's reply and never the internal note written before it", async () => {
    // Replies come in the daily digest by default; this customer asked for them at once.
    const immediate = await world.customer.client.put("/api/notifications/preferences", { items: [{ kind: "comment_reply", delivery: "immediate" }] });
    expect(immediate.status).toBe(200);
    await admin.client.post(`/api/tickets/${world.ticketId}/comments`, { content: "Mail canary: the client is on the old plan", internal: true });
    await admin.client.post(`/api/tickets/${world.ticketId}/comments`, { content: "Fixed, please try again." });
    // Past every notification's delay: whatever is due for the customer goes out now.
    await mailDueNotifications({ db: server.deps.db, outbox: server.deps.mail.outbox, env: server.env, log: server.deps.log }, new Date(Date.now() + 86_400_000));
    const mail = await inbox.waitFor((m) => m.to.includes(world.customer.email.toLowerCase()) && m.text.includes("Fixed, please try again."));
    expect(mail.text).not.toContain("Mail canary");
    expect(mail.html).not.toContain("Mail canary");
  });

  it("records a webhook event for the reply and none for the note; announces the note for admins' streams only", async () => {
    const [endpoint] = await server.deps.db
      .insert(webhookEndpoints)
      .values({ url: "https://hooks.example.com/notes", eventTypes: ["ticket.comment.created"], companyId: world.company.id, secret: "sealed" })
      .returning({ id: webhookEndpoints.id });
    const events: PorticoEvent[] = [];
    const stop = server.deps.events.subscribe((event) => events.push(event));

    const note = await admin.client.post(`/api/tickets/${world.ticketId}/comments`, { content: "Hook canary", internal: true });
    const reply = await admin.client.post(`/api/tickets/${world.ticketId}/comments`, { content: "Done." });
    // The reply's event is the signal: events arrive in order, so the note's came before it.
    const ofTicket = () => events.filter((event) => event.kind === "ticket_comment" && event.id === world.ticketId);
    await expect.poll(() => ofTicket().length).toBe(2);
    stop();
    expect(ofTicket()).toEqual([
      { kind: "ticket_comment", companyId: world.company.id, id: world.ticketId, adminsOnly: true },
      { kind: "ticket_comment", companyId: world.company.id, id: world.ticketId },
    ]);

    const delivered = await server.deps.db.select({ body: webhookDeliveries.body }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(delivered.map((row) => (JSON.parse(row.body) as { data: { commentId: string } }).data.commentId)).toEqual([reply.body.id]);
    expect(delivered.some((row) => row.body.includes(note.body.id))).toBe(false);
  });

  it("answers a customer's internal note 403 and writes nothing", async () => {
    const before = await server.deps.db.select({ id: ticketComments.id }).from(ticketComments).where(eq(ticketComments.ticketId, world.ticketId));
    const refused = await world.customer.client.post(`/api/tickets/${world.ticketId}/comments`, { content: "Let me hide this", internal: true });
    expectProblem(refused, 403, { detail: "Only the team can add internal notes" });
    const after = await server.deps.db.select({ id: ticketComments.id }).from(ticketComments).where(eq(ticketComments.ticketId, world.ticketId));
    expect(after).toEqual(before);
    // `internal: false` is an ordinary comment, which the customer may write.
    const plain = await world.customer.client.post(`/api/tickets/${world.ticketId}/comments`, { content: "Thanks", internal: false });
    expect(plain.status).toBe(201);
    const [stored] = await server.deps.db.select({ internal: ticketComments.internal }).from(ticketComments).where(eq(ticketComments.id, plain.body.id));
    expect(stored!.internal).toBe(false);
  });

  it("keeps a file on an internal note from the customer: the download is missing, attaching to the note is too", async () => {
    const note = await admin.client.post(`/api/tickets/${world.ticketId}/comments`, { content: "Logs attached", internal: true });
    const attach = (client: typeof admin.client, name: string) => {
      const form = new FormData();
      form.append(UPLOAD_FIELD, new Blob([`contents of ${name}`], { type: "text/plain" }), name);
      return client.raw(`/api/tickets/${world.ticketId}/comments/${note.body.id}/files`, { method: "POST", body: form });
    };
    const attached = await attach(admin.client, "trace.txt");
    expect(attached.status).toBe(201);
    const file = (await attached.json()) as { id: string };

    expect((await admin.client.get(`/api/files/${file.id}`)).status).toBe(200);
    expect((await world.customer.client.get(`/api/files/${file.id}`)).status).toBe(404);
    expect((await attach(world.customer.client, "mine.txt")).status).toBe(404);
  });
});
