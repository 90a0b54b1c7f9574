import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Notification, NotificationPage, UnreadCounts } from "@/shared/schemas/notification";
import { profiles } from "@/server/db/schema";
import { addMember, createProject, customerWithCompany, invoiceBody } from "@/server/test/fixtures";
import { startTestServer, type TestUser } from "@/server/test/harness";
import { captureLog } from "@/server/test/log-capture";
import { deliveredMailTo, mailedLink } from "@/server/test/mail/delivered-mail";
import { at, outboxTo } from "@/server/test/notifications";
import { beforeAllTests } from "@/server/test/per-file";
import { ownerServiceContext } from "@/server/test/service-context";
import { todayIn } from "../invoices/overdue";
import { recordProviderPayment } from "../payments/ledger";
import { mailDueNotifications } from "./notification-mail";

// Mail is printed to this log (no SMTP_URL): the invitation link is read from there.
const log = captureLog();
const server = beforeAllTests(() => startTestServer({ LOG_LEVEL: "info" }, { logTo: log.destination }));
afterAll(() => server.close());
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Olivia Owner" }));
const alpha = beforeAllTests(() => customerWithCompany(server, "Notify Alpha"));
const colleague = beforeAllTests(async () => addMember(server, alpha.company.id, await server.createUser({ name: "Carl Colleague" })));
const beta = beforeAllTests(() => customerWithCompany(server, "Notify Beta"));

async function inbox(user: TestUser, query = ""): Promise<Notification[]> {
  const response = await user.client.get(`/api/notifications${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as NotificationPage).items;
}

async function unread(user: TestUser): Promise<UnreadCounts> {
  const response = await user.client.get("/api/notifications/unread");
  expect(response.status).toBe(200);
  return response.body as UnreadCounts;
}

/** The newest notifications of `user` about `subjectId`, as `kind by actor`, newest first. */
const about = async (user: TestUser, subjectId: string) =>
  (await inbox(user, "?limit=100")).filter((n) => n.subject.id === subjectId).map((n) => `${n.kind} by ${n.actorName}`);

describe("who is notified", () => {
  it("tells every member of the company of the team's message, and the team of a customer's, never the sender", async () => {
    const company = await customerWithCompany(server, "Chatty Co");
    const member = await addMember(server, company.company.id);
    const before = await unread(member);
    expect((await admin.client.post("/api/messages", { companyId: company.company.id, content: "Your site is live" })).status).toBe(201);

    for (const user of [company, member]) {
      const [latest] = await inbox(user);
      expect(latest).toMatchObject({ kind: "message", actorName: "Olivia Owner", excerpt: "Your site is live", subject: { type: "conversation", id: company.company.id, label: "Chatty Co" } });
    }
    expect(await unread(member)).toMatchObject({ total: before.total + 1, areas: { messages: before.areas.messages + 1 }, chat: before.chat + 1 });
    expect(await about(admin, company.company.id)).toEqual([]);
    expect(await about(alpha, company.company.id)).toEqual([]);

    const teamBefore = await unread(admin);
    expect((await member.client.post("/api/messages", { content: "Thanks!" })).status).toBe(201);
    expect((await about(admin, company.company.id))[0]).toBe(`customer_message by ${member.name}`);
    // The team's chat count is the conversation cards' unread sum: one more, and one less once read.
    expect((await unread(admin)).chat).toBe(teamBefore.chat + 1);
    expect((await admin.client.post("/api/messages/read", { companyId: company.company.id })).status).toBe(200);
    expect((await unread(admin)).chat).toBe(teamBefore.chat);
    expect(await about(member, company.company.id)).toEqual(["message by Olivia Owner"]);
    expect(await about(company, company.company.id)).toEqual(["message by Olivia Owner"]);
  });

  it("tells the team of a new ticket and the members of its status change, the replies to who takes part", async () => {
    const project = await createProject(admin, alpha.company.id, { name: "Helpdesk" });
    const ticket = (await alpha.client.post("/api/tickets", { projectId: project.id, title: "Export fails" })).body;
    expect(await about(admin, ticket.id)).toEqual([`ticket_created by ${alpha.name}`]);
    expect(await about(colleague, ticket.id)).toEqual([]);

    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { status: "doing", priority: "high" })).status).toBe(200);
    const [status] = (await inbox(colleague)).filter((n) => n.subject.id === ticket.id);
    expect(status).toMatchObject({ kind: "ticket_status", field: "status", from: "pending", to: "doing", subject: { type: "ticket", label: "Export fails" } });
    expect(await about(alpha, ticket.id)).toEqual(["ticket_status by Olivia Owner"]);

    // The team replies: the customer who opened it hears, the colleague who never took part does not.
    expect((await admin.client.post(`/api/tickets/${ticket.id}/comments`, { content: "Looking into it" })).status).toBe(201);
    expect(await about(alpha, ticket.id)).toEqual(["comment_reply by Olivia Owner", "ticket_status by Olivia Owner"]);
    expect(await about(colleague, ticket.id)).toEqual(["ticket_status by Olivia Owner"]);

    // The colleague joins the thread: the team hears of a customer's comment, the opener of a reply.
    expect((await colleague.client.post(`/api/tickets/${ticket.id}/comments`, { content: "Same here" })).status).toBe(201);
    expect((await about(admin, ticket.id))[0]).toBe("customer_comment by Carl Colleague");
    expect((await about(alpha, ticket.id))[0]).toBe("comment_reply by Carl Colleague");
    expect((await inbox(alpha))[0]!.excerpt).toBe("Same here");
    expect(await about(beta, ticket.id)).toEqual([]);
  });

  it("says nothing of a draft invoice, then tells the members once it is issued", async () => {
    const draft = (await admin.client.post("/api/invoices", invoiceBody(alpha.company.id, { status: "draft" }))).body;
    expect(await about(alpha, draft.id)).toEqual([]);
    expect((await admin.client.patch(`/api/invoices/${draft.id}`, { amount: "99.00" })).status).toBe(200);
    expect(await about(alpha, draft.id)).toEqual([]);
    expect((await admin.client.patch(`/api/invoices/${draft.id}`, { status: "unpaid" })).status).toBe(200);
    expect(await about(alpha, draft.id)).toEqual(["invoice_issued by Olivia Owner"]);
    expect(await about(colleague, draft.id)).toEqual(["invoice_issued by Olivia Owner"]);
    expect(await about(beta, draft.id)).toEqual([]);
  });

  it("tells the members of a new project and its assignee of everything on it but their own doing", async () => {
    const assignee = await server.createUser({ admin: true, name: "Ada Assignee" });
    const project = await createProject(admin, alpha.company.id, { name: "Rebrand" });
    expect(await about(alpha, project.id)).toEqual(["project_created by Olivia Owner"]);
    expect(await about(assignee, project.id)).toEqual([]);
    expect((await admin.client.patch(`/api/projects/${project.id}`, { assignedTo: assignee.id })).status).toBe(200);
    expect((await inbox(assignee))[0]).toMatchObject({ kind: "assigned_project", field: "assignedTo", to: "Ada Assignee" });

    expect((await admin.client.patch(`/api/projects/${project.id}`, { status: "on_hold", name: "Rebrand 2" })).status).toBe(200);
    const [change] = (await inbox(assignee)).filter((n) => n.subject.id === project.id);
    expect(change).toMatchObject({ kind: "assigned_project", field: "status", from: "active", to: "on_hold", subject: { label: "Rebrand 2" } });
    expect(await about(alpha, project.id)).toEqual(["project_created by Olivia Owner"]);

    expect((await assignee.client.patch(`/api/projects/${project.id}`, { status: "active" })).status).toBe(200);
    expect(await about(assignee, project.id)).toHaveLength(2);
    // A customer's comment: the assignee hears of it once, as the team does.
    expect((await alpha.client.post(`/api/projects/${project.id}/comments`, { content: "Love it" })).status).toBe(201);
    expect((await about(assignee, project.id))[0]).toBe(`customer_comment by ${alpha.name}`);
    expect(await about(assignee, project.id)).toHaveLength(3);
    // The team's comment reaches the assignee as activity on their project.
    expect((await admin.client.post(`/api/projects/${project.id}/comments`, { content: "Next week" })).status).toBe(201);
    expect((await about(assignee, project.id))[0]).toBe("assigned_project by Olivia Owner");
  });

  it("writes nothing for a refused change", async () => {
    const project = await createProject(admin, alpha.company.id);
    const ticket = (await alpha.client.post("/api/tickets", { projectId: project.id, title: "Refused" })).body;
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { status: "closed" })).status).toBe(400);
    expect(await about(colleague, ticket.id)).toEqual([]);
  });
});

describe("payments", () => {
  const secondAdmin = beforeAllTests(() => server.createUser({ admin: true, name: "Sam Second" }));
  const yesterday = () => todayIn("UTC", new Date(Date.now() - 86_400_000));

  async function issuedInvoice() {
    const response = await admin.client.post("/api/invoices", invoiceBody(alpha.company.id, { amount: "100.00" }));
    expect(response.status).toBe(201);
    return response.body as { id: string; invoiceNumber: string };
  }

  /** The newest notification of `user` about the invoice, of `kind`. */
  const noticeOf = async (user: TestUser, invoiceId: string, kind: Notification["kind"]) => (await inbox(user, "?limit=100")).find((n) => n.subject.id === invoiceId && n.kind === kind);

  it("tells the members and the other admins of a payment an admin recorded, not the admin, and nobody of its removal", async () => {
    const invoice = await issuedInvoice();
    const paid = await admin.client.post(`/api/invoices/${invoice.id}/payments`, { amount: "40.00", method: "bank_transfer", paidAt: yesterday() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);

    for (const member of [alpha, colleague]) {
      expect(await noticeOf(member, invoice.id, "payment_received")).toMatchObject({ actorName: "Olivia Owner", to: "40.00", excerpt: null, subject: { type: "invoice", label: invoice.invoiceNumber } });
      expect(await about(member, invoice.id)).toEqual(["payment_received by Olivia Owner", "invoice_issued by Olivia Owner"]);
    }
    expect(await noticeOf(secondAdmin, invoice.id, "customer_payment")).toMatchObject({ actorName: "Olivia Owner", to: "40.00", excerpt: "Notify Alpha", subject: { label: invoice.invoiceNumber } });
    expect(await about(secondAdmin, invoice.id)).toEqual(["customer_payment by Olivia Owner"]);
    expect(await about(admin, invoice.id)).toEqual([]);
    expect(await about(beta, invoice.id)).toEqual([]);
    // The panel writes the amount in the installation's currency, which the page carries.
    expect(((await alpha.client.get("/api/notifications")).body as NotificationPage).currency).toBe(server.env.CURRENCY);

    const paymentId = (paid.body as { payments: { id: string }[] }).payments[0]!.id;
    expect((await admin.client.delete(`/api/invoices/${invoice.id}/payments/${paymentId}`)).status).toBe(200);
    for (const member of [alpha, colleague]) expect(await about(member, invoice.id)).toHaveLength(2);
    expect(await about(secondAdmin, invoice.id)).toHaveLength(1);
    expect(await about(admin, invoice.id)).toEqual([]);
  });

  it("tells the online payer's colleagues and the team of a payment the provider confirmed, not the payer", async () => {
    const invoice = await issuedInvoice();
    const payer = ownerServiceContext(server, alpha, alpha.company.id);
    await payer.db.transaction((tx) =>
      recordProviderPayment(
        { ...payer, db: tx },
        { invoiceId: invoice.id, amount: "25.50", method: "card", paidOn: yesterday(), provider: "stripe", reference: `pi_${crypto.randomUUID()}`, recordedBy: null, payerId: alpha.id },
      ),
    );
    expect(await noticeOf(colleague, invoice.id, "payment_received")).toMatchObject({ actorName: alpha.name, to: "25.50" });
    expect(await noticeOf(alpha, invoice.id, "payment_received")).toBeUndefined();
    for (const teamMember of [admin, secondAdmin]) expect(await noticeOf(teamMember, invoice.id, "customer_payment")).toMatchObject({ actorName: alpha.name, to: "25.50", excerpt: "Notify Alpha" });
    expect(await about(beta, invoice.id)).toEqual([]);
  });

  it("mails a German member the payment at once, in German", async () => {
    const german = await addMember(server, alpha.company.id, await server.createUser({ name: "Greta Deutsch" }));
    await server.deps.db.update(profiles).set({ locale: "de" }).where(eq(profiles.id, german.id));
    const invoice = await issuedInvoice();
    expect((await admin.client.post(`/api/invoices/${invoice.id}/payments`, { amount: "40.00", method: "cash", paidAt: yesterday() })).status).toBe(201);

    const deps = { db: server.deps.db, outbox: server.deps.mail.outbox, env: server.env, log: server.deps.log };
    await mailDueNotifications(deps, at(new Date(), server.env.NOTIFICATION_MAIL_DELAY_SECONDS + 5));
    const mails = (await outboxTo(server.deps.db, german.email)).filter((mail) => mail.template === "notification");
    expect(mails.map((mail) => mail.subject)).toEqual([`Zahlung über 40,00\u00a0$ für Rechnung ${invoice.invoiceNumber} eingegangen`]);
  });
});

describe("reading notifications", () => {
  it("counts the unread by nav item, marks one, a record's or all read, and leaves others' alone", async () => {
    const project = await createProject(admin, alpha.company.id);
    const ticket = (await colleague.client.post("/api/tickets", { projectId: project.id, title: "Count me" })).body;
    await admin.client.patch(`/api/tickets/${ticket.id}`, { status: "doing" });
    await admin.client.patch(`/api/tickets/${ticket.id}`, { status: "done" });
    const counts = await unread(colleague);
    expect(counts.areas.tickets).toBeGreaterThanOrEqual(2);

    const [first] = await inbox(colleague, "?unread=true");
    // Someone else's id changes nothing; their own does.
    expect((await beta.client.post("/api/notifications/read", { ids: [first!.id] })).body).toEqual({ updated: 0 });
    expect((await colleague.client.post("/api/notifications/read", { ids: [first!.id] })).body).toEqual({ updated: 1 });
    expect((await unread(colleague)).total).toBe(counts.total - 1);

    expect((await colleague.client.post("/api/notifications/read", { subject: { type: "ticket", id: ticket.id } })).body).toEqual({ updated: 1 });
    expect((await inbox(colleague, "?unread=true")).filter((n) => n.subject.id === ticket.id)).toEqual([]);
    expect((await inbox(colleague)).filter((n) => n.subject.id === ticket.id).every((n) => n.readAt !== null)).toBe(true);

    await colleague.client.post("/api/notifications/read", { all: true });
    expect(await unread(colleague)).toMatchObject({ total: 0, areas: { tickets: 0, messages: 0 } });
  });

  it("pages newest first by cursor, and refuses a bad cursor or body with 400", async () => {
    const chatty = await customerWithCompany(server, "Paged Co");
    for (let i = 0; i < 5; i++) await admin.client.post("/api/messages", { companyId: chatty.company.id, content: `Message ${i}` });
    const first = (await chatty.client.get("/api/notifications?limit=3")).body as NotificationPage;
    expect(first.items.map((n) => n.excerpt)).toEqual(["Message 4", "Message 3", "Message 2"]);
    const second = (await chatty.client.get(`/api/notifications?limit=3&cursor=${first.nextCursor}`)).body as NotificationPage;
    expect(second.items.map((n) => n.excerpt)).toEqual(["Message 1", "Message 0"]);
    expect(second.nextCursor).toBeNull();

    expect((await chatty.client.get("/api/notifications?cursor=nonsense")).status).toBe(400);
    const bad = await chatty.client.post("/api/notifications/read", { ids: ["not-a-number"] });
    expect(bad.status).toBe(400);
    expect((await server.anonymous().get("/api/notifications")).status).toBe(401);
  });

  it("hides what a customer was told about a company they have left", async () => {
    const leaving = await addMember(server, beta.company.id, await server.createUser({ name: "Lea Leaving" }));
    await admin.client.post("/api/messages", { companyId: beta.company.id, content: "For Beta only" });
    expect((await inbox(leaving)).map((n) => n.excerpt)).toContain("For Beta only");
    expect((await beta.client.delete(`/api/companies/${beta.company.id}/members/${leaving.id}`)).status).toBe(204);
    expect(await inbox(leaving)).toEqual([]);
    expect((await unread(leaving)).total).toBe(0);
  });

  it("tells the team when someone joins a company by invitation", async () => {
    const owner = await customerWithCompany(server, "Joiners");
    const companyId = owner.company.id;
    const email = `joiner-${crypto.randomUUID().slice(0, 8)}@example.test`;
    expect((await owner.client.post(`/api/companies/${companyId}/invitations`, { email, role: "member" })).status).toBe(201);
    const token = mailedLink(await deliveredMailTo(server.deps.db, log, email), "/invitation").searchParams.get("token")!;
    const joined = await server.anonymous().post("/api/auth/sign-up/email", { name: "Jo Joiner", email, password: "invited-password-1", invitationToken: token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const [latest] = (await inbox(admin)).filter((n) => n.kind === "member_joined");
    expect(latest).toMatchObject({ excerpt: "Jo Joiner", subject: { type: "company", id: companyId, label: "Joiners" } });
  });
});
