import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createTransport } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyUsers, files, inboundMails, projectComments, projects, ticketComments, tickets } from "@/server/db/schema";
import { createCompany, createCustomer, insertProject } from "@/server/test/fixtures";
import { insertTicket } from "@/server/test/notifications";
import { serverForFile } from "@/server/test/per-file";
import { connectedStream } from "@/server/test/realtime/test-streams";
import { replyAddress, type ReplyTarget } from "./reply-address";
import { startSmtpReceiver, type SmtpReceiver } from "./smtp-receiver";

const DOMAIN = "in.portico.test";
const WEBHOOK_TOKEN = "inbound-webhook-token-inbound-webhook-token";
const server = serverForFile(undefined, { INBOUND_DOMAIN: DOMAIN, INBOUND_WEBHOOK_TOKEN: WEBHOOK_TOKEN });

let receiver: SmtpReceiver;
beforeAll(async () => {
  receiver = await startSmtpReceiver(server.deps, 0, "127.0.0.1");
});
afterAll(() => receiver?.close());

/** Sends one mail to the receiver over real SMTP, as another mail server would; resolves once the receiver answered 250. */
async function sendSmtp(mail: { from: string; to: string; subject?: string; text: string; headers?: Record<string, string>; messageId?: string; attachments?: Array<{ filename: string; content: Buffer; contentType: string }> }) {
  const transport = createTransport({ host: "127.0.0.1", port: receiver.port, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ subject: "Re: Update", messageId: `<${randomUUID()}@mail.example.com>`, ...mail });
  } finally {
    transport.close();
  }
}

/** The smallest file a PDF reader opens, as a customer's attachment. */
const MINIMAL_PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

const replyTo = (userId: string, target: ReplyTarget) => replyAddress(server.env.AUTH_SECRET, DOMAIN, userId, target);

/** A reply as Gmail writes one: the new text, a signature, then the quoted mail it answers. */
const gmailReply = (text: string) =>
  [text, "", "-- ", "Jane Customer", "Acme Ltd", "", "On Mon, 30 Nov 2026 at 10:00, Portico <no-reply@portico.test> wrote:", "> Alex Admin commented on Login fails:", "> Looking into it", ""].join("\n");

const fateOf = async (messageId: string) => {
  const [row] = await server.deps.db.select().from(inboundMails).where(eq(inboundMails.messageId, messageId));
  return row;
};

async function customerWithTicket(name: string) {
  const company = await createCompany(server, `${name} Ltd`);
  const customer = await createCustomer(server, company.id, `${name} Customer`);
  const project = await insertProject(server, company.id, `${name} site`);
  const ticketId = await insertTicket(server.deps.db, project, company.id, `${name}: login fails`);
  return { company, customer, project, ticketId };
}

const commentsOn = (ticketId: string) => server.deps.db.select().from(ticketComments).where(eq(ticketComments.ticketId, ticketId));

describe("replies by mail, through the SMTP receiver", () => {
  it("posts a reply to a ticket's notification as the recipient's comment, without the quoted history and the signature, with its PDF, live on the admin's screen", async () => {
    const { company, customer, ticketId } = await customerWithTicket("Reply");
    const admin = await server.createUser({ admin: true });
    const live = await connectedStream(admin.client);
    try {
      const messageId = `<${randomUUID()}@mail.example.com>`;
      const attachments = [{ filename: "signed-offer.pdf", content: MINIMAL_PDF, contentType: "application/pdf" }];
      await sendSmtp({ from: customer.email, to: replyTo(customer.id, { kind: "ticket", id: ticketId }), text: gmailReply("It works again, thanks!"), messageId, attachments });

      const comments = await commentsOn(ticketId);
      expect(comments.map((comment) => [comment.content, comment.userId])).toEqual([["It works again, thanks!", customer.id]]);
      // Through the API as the customer reads it, with the file on the comment.
      const listed = await customer.client.get(`/api/tickets/${ticketId}/comments`);
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).toContain("It works again, thanks!");
      const stored = await server.deps.db.select().from(files).where(eq(files.ticketCommentId, comments[0]!.id));
      expect(stored.map((file) => [file.name, file.contentType, file.size, file.uploadedBy])).toEqual([["signed-offer.pdf", "application/pdf", MINIMAL_PDF.length, customer.id]]);
      // The admin's open page hears of the comment as it would of one written in the browser.
      await live.waitForEvent<{ kind: string; companyId: string; id: string }>("change", (event) => event.kind === "ticket_comment" && event.id === ticketId && event.companyId === company.id);
      expect(await fateOf(messageId)).toMatchObject({ channel: "smtp", posted: "ticket_comment", reason: null, recordId: ticketId, userId: customer.id });
    } finally {
      await live.close();
    }
  });

  it("posts a reply to a project's notification as a project comment, and to a conversation's as a chat message", async () => {
    const { company, customer, project } = await customerWithTicket("Project");
    await sendSmtp({ from: customer.email, to: replyTo(customer.id, { kind: "project", id: project.id }), text: "Launch on Friday works for us." });
    const onProject = await server.deps.db.select().from(projectComments).where(eq(projectComments.projectId, project.id));
    expect(onProject.map((comment) => comment.content)).toEqual(["Launch on Friday works for us."]);

    await sendSmtp({ from: customer.email, to: replyTo(customer.id, { kind: "conversation", id: company.id }), text: "Can we talk tomorrow?" });
    const chat = await customer.client.get("/api/messages");
    expect(chat.status).toBe(200);
    expect(JSON.stringify(chat.body)).toContain("Can we talk tomorrow?");
  });

  it("opens a ticket in the company's General project for mail to the support address from a customer's address, and nothing for an unknown sender", async () => {
    const { company, customer } = await customerWithTicket("Support");
    const messageId = `<${randomUUID()}@mail.example.com>`;
    await sendSmtp({ from: customer.email, to: `support@${DOMAIN}`, subject: "Printer is offline", text: "Since this morning the office printer is offline.", messageId });

    const [general] = await server.deps.db.select().from(projects).where(and(eq(projects.companyId, company.id), eq(projects.slug, "general")));
    expect(general?.name).toBe("General");
    const opened = await server.deps.db.select().from(tickets).where(eq(tickets.projectId, general!.id));
    expect(opened.map((ticket) => [ticket.title, ticket.description, ticket.createdBy])).toEqual([["Printer is offline", "Since this morning the office printer is offline.", customer.id]]);
    expect(await fateOf(messageId)).toMatchObject({ posted: "ticket", recordId: opened[0]!.id });

    const stranger = `<${randomUUID()}@mail.example.com>`;
    await sendSmtp({ from: "stranger@elsewhere.test", to: `support@${DOMAIN}`, subject: "Hello", text: "Who are you?", messageId: stranger });
    expect(await fateOf(stranger)).toMatchObject({ posted: null, reason: "unknown_sender" });
    expect(await server.deps.db.select().from(tickets).where(eq(tickets.title, "Hello"))).toEqual([]);
  });

  it("opens the ticket in the project an admin made the company's inbox, which one other project can take over, and in General again once there is none", async () => {
    const { company, customer, project } = await customerWithTicket("Inbox");
    const other = await insertProject(server, company.id, "Inbox other");
    const admin = await server.createUser({ admin: true });
    const support = async (subject: string) => {
      await sendSmtp({ from: customer.email, to: `support@${DOMAIN}`, subject, text: "Please help." });
      const [opened] = await server.deps.db.select({ projectId: tickets.projectId }).from(tickets).where(eq(tickets.title, subject));
      return opened?.projectId;
    };

    const marked = await admin.client.put(`/api/projects/${project.id}/inbox`);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: project.id, isInbox: true });
    expect(await support("Inbox one")).toBe(project.id);

    expect((await admin.client.put(`/api/projects/${other.id}/inbox`)).status).toBe(200);
    const flags = await server.deps.db.select({ id: projects.id, isInbox: projects.isInbox }).from(projects).where(eq(projects.companyId, company.id));
    expect(flags.filter((row) => row.isInbox).map((row) => row.id)).toEqual([other.id]);
    expect(await support("Inbox two")).toBe(other.id);

    // A customer may not choose it; the admin takes it back, and General serves again.
    expect((await customer.client.put(`/api/projects/${project.id}/inbox`)).status).toBe(403);
    expect((await admin.client.delete(`/api/projects/${other.id}/inbox`)).body).toMatchObject({ isInbox: false });
    const general = await support("Inbox three");
    const [row] = await server.deps.db.select({ slug: projects.slug }).from(projects).where(eq(projects.id, general!));
    expect(row?.slug).toBe("general");
  });

  it("refuses mail for other domains at RCPT TO, so it relays nothing", async () => {
    await expect(sendSmtp({ from: "someone@elsewhere.test", to: "victim@example.com", text: "Relay me" })).rejects.toThrow(/550/);
  });
});

describe("what is dropped and logged, never posted", () => {
  it.each([
    ["a forged reply address", "bad_token", (address: string) => ({ to: address.replace(/reply\+(.)/, (_, first: string) => `reply+${first === "a" ? "b" : "a"}`) })],
    ["mail from another address than the reply address's recipient", "wrong_sender", () => ({ from: "impostor@elsewhere.test" })],
    ["an out-of-office reply", "auto_reply", () => ({ headers: { "Auto-Submitted": "auto-replied" }, subject: "Automatic reply: Re: Update" })],
    ["mail that carries one of Portico's own Message-IDs", "loop", () => ({ messageId: `<${randomUUID()}@127.0.0.1>` })],
    ["mail whose DKIM check failed upstream", "authentication_failed", () => ({ headers: { "Authentication-Results": "mx.portico.test; spf=pass smtp.mailfrom=example.com; dkim=fail header.d=example.com" } })],
  ] as const)("%s (%s)", async (_what, reason, change) => {
    const { customer, ticketId } = await customerWithTicket(`Drop ${reason}`);
    const address = replyTo(customer.id, { kind: "ticket", id: ticketId });
    const mail = { from: customer.email, to: address, text: "Should never appear", messageId: `<${randomUUID()}@mail.example.com>`, ...change(address) };
    await sendSmtp(mail);
    expect(await fateOf(mail.messageId)).toMatchObject({ posted: null, reason });
    expect(await commentsOn(ticketId)).toEqual([]);
  });

  it("drops a reply of a member who has left the company since the mail was sent", async () => {
    const { company, customer, ticketId } = await customerWithTicket("Left");
    await server.deps.db.delete(companyUsers).where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, customer.id)));
    const messageId = `<${randomUUID()}@mail.example.com>`;
    await sendSmtp({ from: customer.email, to: replyTo(customer.id, { kind: "ticket", id: ticketId }), text: "Still here?", messageId });
    expect(await fateOf(messageId)).toMatchObject({ posted: null, reason: "no_access" });
    expect(await commentsOn(ticketId)).toEqual([]);
  });
});

describe("POST /api/inbound/mail, a mail provider's webhook", () => {
  const rawMail = (from: string, to: string, messageId: string, text: string) =>
    [`From: ${from}`, `To: ${to}`, "Subject: Re: Update", `Message-ID: ${messageId}`, "Content-Type: text/plain; charset=utf-8", "", text, ""].join("\r\n");
  const post = (body: string, token?: string) =>
    fetch(`${server.baseUrl}/api/inbound/mail`, { method: "POST", headers: { "content-type": "message/rfc822", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body });

  it("posts the mail with the token, once per Message-ID, and answers 401 without it", async () => {
    const { customer, ticketId } = await customerWithTicket("Webhook");
    const messageId = `<${randomUUID()}@mail.example.com>`;
    const body = rawMail(customer.email, replyTo(customer.id, { kind: "ticket", id: ticketId }), messageId, "Replied through the provider");

    const refused = await post(body);
    expect(refused.status).toBe(401);
    expect(await post(body, "x".repeat(WEBHOOK_TOKEN.length)).then((r) => r.status)).toBe(401);
    expect(await commentsOn(ticketId)).toEqual([]);

    const first = await post(body, WEBHOOK_TOKEN);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ fate: "posted", posted: "ticket_comment", recordId: ticketId });
    // The provider retries: the same Message-ID changes nothing.
    const again = await post(body, WEBHOOK_TOKEN);
    expect(await again.json()).toEqual({ fate: "dropped", reason: "duplicate" });
    expect((await commentsOn(ticketId)).map((comment) => comment.content)).toEqual(["Replied through the provider"]);
    expect(await fateOf(messageId)).toMatchObject({ channel: "webhook", posted: "ticket_comment" });
  });

  it("lists the latest inbound mails to admins only", async () => {
    const admin = await server.createUser({ admin: true });
    const listed = await admin.client.get("/api/inbound/mails");
    expect(listed.status).toBe(200);
    const mails = listed.body as Array<{ posted: string | null; reason: string | null }>;
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.some((mail) => mail.posted === "ticket_comment")).toBe(true);
    const { customer } = await customerWithTicket("Lister");
    expect((await customer.client.get("/api/inbound/mails")).status).toBe(403);
  });
});
