import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, mailOutbox, notificationPreferences, notifications, profiles } from "@/server/db/schema";
import { startTestServer, type TestServer } from "@/server/test/harness";
import { createCompany, createCustomer, insertProject } from "@/server/test/fixtures";
import { startSmtpInbox, type SmtpInbox } from "@/server/test/mail/smtp-inbox";
import { at, eventLines, expectWrittenInGerman, insertNotification, insertTicket, outboxTo } from "@/server/test/notifications";
import { serverWithInboxForFile } from "@/server/test/per-file";
import { readReplyAddress } from "../inbound/reply-address";
import { mailDueNotifications, type NotificationMailDeps } from "./notification-mail";

let inbox: SmtpInbox;
let server: TestServer;
let deps: NotificationMailDeps;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ SMTP_URL: inbox.url, NOTIFICATION_MAIL_DELAY_SECONDS: "120" });
  deps = { db: server.deps.db, outbox: server.deps.mail.outbox, env: server.env, log: server.deps.log };
});
afterAll(async () => {
  await server?.close();
  await inbox?.stop();
});

/** An hour ago, so that every `now` a test picks after it is in the past too. */
const start = () => new Date(Date.now() - 3_600_000);

/** A customer of a new company with two tickets on one project. */
async function customerWithTickets(name: string) {
  const company = await createCompany(server, `${name} Ltd`);
  const customer = await createCustomer(server, company.id, `${name} Customer`);
  const project = await insertProject(server, company.id, `${name} site`);
  const login = await insertTicket(server.deps.db, project, company.id, `${name}: login fails`);
  const invoice = await insertTicket(server.deps.db, project, company.id, `${name}: invoice is wrong`);
  return { company, customer, project, tickets: { login, invoice } };
}

const mailedAtOf = async (ids: bigint[]) =>
  (await server.deps.db.select({ mailedAt: notifications.mailedAt }).from(notifications).where(inArray(notifications.id, ids))).map((row) => row.mailedAt);

describe("notification mail, at once but coalesced per record", () => {
  it("sends three quick events on one ticket as one mail of three lines once the oldest is NOTIFICATION_MAIL_DELAY_SECONDS old, and another ticket's as a mail of its own", async () => {
    const { company, customer, tickets } = await customerWithTickets("Coalesce");
    const t0 = start();
    const base = { recipientId: customer.id, companyId: company.id };
    const onLogin = [
      await insertNotification(server.deps.db, { ...base, ticketId: tickets.login, createdAt: t0 }),
      await insertNotification(server.deps.db, { ...base, ticketId: tickets.login, createdAt: at(t0, 30), kind: "comment_reply", field: null, fromValue: null, toValue: null, excerpt: "Looking into it" }),
      await insertNotification(server.deps.db, { ...base, ticketId: tickets.login, createdAt: at(t0, 60), fromValue: "doing", toValue: "done" }),
    ];
    const onInvoice = await insertNotification(server.deps.db, { ...base, ticketId: tickets.invoice, createdAt: at(t0, 10) });

    // One second short of the window: nothing is due yet.
    await mailDueNotifications(deps, at(t0, 119));
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(0);

    // The login ticket's window has passed (its oldest row is 121 s old); the invoice ticket's has not (111 s).
    await mailDueNotifications(deps, at(t0, 121));
    const [first] = await outboxTo(server.deps.db, customer.email);
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(1);
    expect(first!.template).toBe("notification");
    expect(await mailedAtOf(onLogin)).not.toContain(null);
    expect(await mailedAtOf([onInvoice])).toEqual([null]);

    const mail = await inbox.waitFor((m) => m.to.includes(customer.email.toLowerCase()));
    expect(mail.subject).toBe("3 updates on Coalesce: login fails");
    expect(eventLines(mail)).toEqual([
      "• Alex Admin changed the status of Coalesce: login fails from Pending to Doing",
      "• Alex Admin commented on Coalesce: login fails: “Looking into it”",
      "• Alex Admin changed the status of Coalesce: login fails from Doing to Done",
    ]);
    expect(mail.links).toContain(`${server.baseUrl}/dashboard/tickets/${tickets.login}`);

    // Ten seconds on, the other ticket's window has passed too: its own mail, its own single line.
    await mailDueNotifications(deps, at(t0, 131));
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(2);
    const second = await inbox.waitFor((m) => m.to.includes(customer.email.toLowerCase()) && m.subject.includes("invoice is wrong"));
    expect(second.subject).toBe("Alex Admin changed the status of Coalesce: invoice is wrong from Pending to Doing");
    expect(second.links).toContain(`${server.baseUrl}/dashboard/tickets/${tickets.invoice}`);

    // Nothing is left to mail: a later run sends nothing more.
    await mailDueNotifications(deps, at(t0, 600));
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(2);
  });

  it("carries List-Unsubscribe (the one-click API address, for the newest row's kind) and List-Unsubscribe-Post, and shows the unsubscribe page in the text", async () => {
    const { company, customer, tickets } = await customerWithTickets("Headers");
    const t0 = start();
    const base = { recipientId: customer.id, companyId: company.id, ticketId: tickets.login };
    await insertNotification(server.deps.db, { ...base, createdAt: t0 });
    await insertNotification(server.deps.db, { ...base, createdAt: at(t0, 5), kind: "comment_reply", field: null, fromValue: null, toValue: null });
    await mailDueNotifications(deps, at(t0, 125));

    const mail = await inbox.waitFor((m) => m.to.includes(customer.email.toLowerCase()));
    const oneClick = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1];
    expect(oneClick).toMatch(new RegExp(`^${server.baseUrl}/api/notifications/unsubscribe\\?token=[\\w%.-]+$`));
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const token = new URL(oneClick!).searchParams.get("token")!;
    expect(mail.links).toContain(`${server.baseUrl}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(mail.text).toContain("Stop these mails (Replies on your tickets and project comments)");

    const info = await server.anonymous().get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ kind: "comment_reply", label: "Replies on your tickets and project comments", delivery: "digest" });
  });

  it("takes a mail provider's one-click POST (a form, from its own origin, no cookie), turns the kind off, and then marks a due row of that kind mailed without mail", async () => {
    const { company, customer, tickets } = await customerWithTickets("OneClick");
    const t0 = start();
    const base = { recipientId: customer.id, companyId: company.id, ticketId: tickets.login };
    await insertNotification(server.deps.db, { ...base, createdAt: t0 });
    await mailDueNotifications(deps, at(t0, 121));
    const mail = await inbox.waitFor((m) => m.to.includes(customer.email.toLowerCase()));
    const oneClick = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"]!)![1]!;

    const response = await fetch(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provider.example", "sec-fetch-site": "cross-site" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kind: "ticket_status", label: "Ticket status changes", delivery: "off" });
    const stored = await server.deps.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, customer.id));
    expect(stored).toEqual([{ userId: customer.id, kind: "ticket_status", delivery: "off" }]);
    const preferences = await customer.client.get("/api/notifications/preferences");
    expect(preferences.body.items).toContainEqual({ kind: "ticket_status", delivery: "off" });

    // Written while the kind still went out at once (`mail = 'immediate'`), due after the change.
    const later = await insertNotification(server.deps.db, { ...base, createdAt: at(t0, 200) });
    await mailDueNotifications(deps, at(t0, 400));
    expect(await mailedAtOf([later])).not.toEqual([null]);
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(1);
  });

  it("links an admin's mail into the admin area, and sends a deactivated account nothing", async () => {
    const company = await createCompany(server, "Admin Area Ltd");
    const project = await insertProject(server, company.id, "Admin area site");
    const ticket = await insertTicket(server.deps.db, project, company.id, "Printer on fire");
    const admin = await server.createUser({ admin: true, name: "Ada Admin" });
    const gone = await server.createUser({ admin: true, name: "Gone Admin" });
    await server.deps.db.update(profiles).set({ deactivatedAt: new Date() }).where(eq(profiles.id, gone.id));
    const t0 = start();
    for (const recipient of [admin, gone]) {
      await insertNotification(server.deps.db, { recipientId: recipient.id, companyId: company.id, ticketId: ticket, createdAt: t0, kind: "ticket_created", actorName: "Carol Customer", field: null, fromValue: null, toValue: null });
      await insertNotification(server.deps.db, { recipientId: recipient.id, companyId: company.id, createdAt: at(t0, 1), kind: "customer_message", actorName: "Carol Customer", field: null, fromValue: null, toValue: null, excerpt: "Hello?" });
    }
    await mailDueNotifications(deps, at(t0, 121));

    const ticketMail = await inbox.waitFor((m) => m.to.includes(admin.email.toLowerCase()) && m.subject.includes("Printer on fire"));
    expect(ticketMail.subject).toBe("Carol Customer opened the ticket Printer on fire");
    expect(ticketMail.links).toContain(`${server.baseUrl}/admin/tickets/${ticket}`);
    // The conversation's notification names no record: the company is its subject.
    const chatMail = await inbox.waitFor((m) => m.to.includes(admin.email.toLowerCase()) && m.subject.includes("sent a message"));
    // A message's first words come along, as in the panel.
    expect(chatMail.subject).toBe("Carol Customer of Admin Area Ltd sent a message: “Hello?”");
    expect(chatMail.links).toContain(`${server.baseUrl}/admin/messages?company=${company.id}`);

    expect(await outboxTo(server.deps.db, gone.email)).toHaveLength(0);
    const goneRows = await server.deps.db.select({ mailedAt: notifications.mailedAt }).from(notifications).where(eq(notifications.recipientId, gone.id));
    expect(goneRows.map((row) => row.mailedAt === null)).toEqual([false, false]);
  });

  it("mails a quote to answer on its own, linked to the quote, not with the company's chat notifications", async () => {
    const company = await createCompany(server, "Quote Mail Ltd");
    const customer = await createCustomer(server, company.id, "Quinn Customer");
    const admin = await server.createUser({ admin: true, name: "Ada Admin" });
    const draft = await admin.client.post("/api/quotes", { companyId: company.id, title: "Hosting", lines: [{ description: "Hosting", quantity: "1", unitPrice: "20" }], validUntil: "2099-12-31" });
    expect(draft.status).toBe(201);
    const { id: quoteId, quoteNumber } = draft.body as { id: string; quoteNumber: string };
    const t0 = start();
    const base = { recipientId: customer.id, companyId: company.id, actorName: "Ada Admin", field: null, fromValue: null, toValue: null };
    await insertNotification(server.deps.db, { ...base, quoteId, createdAt: t0, kind: "quote_sent" });
    await insertNotification(server.deps.db, { ...base, createdAt: at(t0, 1), kind: "message", excerpt: "Your quote is in" });
    await mailDueNotifications(deps, at(t0, 121));

    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(2);
    const quoteMail = await inbox.waitFor((m) => m.to.includes(customer.email.toLowerCase()) && m.subject.includes("quote"));
    expect(quoteMail.subject).toBe(`New quote ${quoteNumber} to answer`);
    expect(quoteMail.links).toContain(`${server.baseUrl}/dashboard/quotes/${quoteId}`);
  });

  it("sets no Reply-To without INBOUND_DOMAIN", async () => {
    const { company, customer, tickets } = await customerWithTickets("NoReply");
    const t0 = start();
    await insertNotification(server.deps.db, { recipientId: customer.id, companyId: company.id, ticketId: tickets.login, createdAt: t0, kind: "comment_reply", field: null, fromValue: null, toValue: null, excerpt: "Looking into it" });
    await mailDueNotifications(deps, at(t0, 121));
    const mail = await inbox.waitFor((m) => m.to.includes(customer.email.toLowerCase()));
    expect(server.env.INBOUND_DOMAIN).toBeUndefined();
    expect(mail.subject).toContain("commented on NoReply: login fails");
    expect(mail.headers["reply-to"]).toBeUndefined();
    expect((await outboxTo(server.deps.db, customer.email))[0]!.replyTo).toBeNull();
  });

  it("leaves rows for the digest and rows that go by no mail alone", async () => {
    const { company, customer, tickets } = await customerWithTickets("Modes");
    const t0 = start();
    const base = { recipientId: customer.id, companyId: company.id, ticketId: tickets.login };
    const digest = await insertNotification(server.deps.db, { ...base, createdAt: t0, mail: "digest" });
    const none = await insertNotification(server.deps.db, { ...base, createdAt: t0, mail: "none" });
    await mailDueNotifications(deps, at(t0, 600));
    expect(await mailedAtOf([digest, none])).toEqual([null, null]);
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(0);
  });
});

describe("notification mail in the recipient's language", () => {
  it("writes a German reader's mail in German: subject, lines with statuses and quotes, opt-out and links", async () => {
    const { company, customer, tickets } = await customerWithTickets("Sprache");
    await server.deps.db.update(profiles).set({ locale: null, browserLocale: "de" }).where(eq(profiles.id, customer.id));
    const t0 = start();
    const base = { recipientId: customer.id, companyId: company.id, ticketId: tickets.login };
    await insertNotification(server.deps.db, { ...base, createdAt: t0 });
    await insertNotification(server.deps.db, { ...base, createdAt: at(t0, 5), kind: "comment_reply", field: null, fromValue: null, toValue: null, excerpt: "Wir sehen es uns an" });
    await mailDueNotifications(deps, at(t0, 125));

    const mail = await inbox.waitFor((m) => m.to.includes(customer.email.toLowerCase()));
    expect(mail.subject).toBe("2 Neuigkeiten zu Sprache: login fails");
    expectWrittenInGerman(mail, [
      "Hallo Sprache Customer,",
      "Diese Mails abbestellen (Antworten auf Ihre Tickets und Projektkommentare): ",
      "Laut Ihren Benachrichtigungseinstellungen erhalten Sie „Antworten auf Ihre Tickets und Projektkommentare“ sofort per Mail.",
    ], /\b(Hello|updates on|changed the status|commented on|Stop these mails|Your notification settings|Open in)\b/);
    expect(eventLines(mail)).toEqual([
      "• Alex Admin hat den Status des Tickets Sprache: login fails von Offen auf In Arbeit geändert",
      "• Alex Admin hat Sprache: login fails kommentiert: „Wir sehen es uns an“",
    ]);
    expect(mail.links).toContain(`${server.baseUrl}/dashboard/tickets/${tickets.login}`);
    expect(mail.links).toContain(`${server.baseUrl}/dashboard/account`);
    expect(mail.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${server.baseUrl}/api/notifications/unsubscribe\\?token=[\\w%.-]+>$`));
  });

  it("writes one reader's mail in German and another's of the same events in English", async () => {
    const { company, customer, tickets } = await customerWithTickets("Zweisprachig");
    const colleague = await createCustomer(server, company.id, "Zweisprachig Colleague");
    await server.deps.db.update(profiles).set({ locale: "de" }).where(eq(profiles.id, customer.id));
    const t0 = start();
    for (const recipient of [customer, colleague]) {
      await insertNotification(server.deps.db, { recipientId: recipient.id, companyId: company.id, ticketId: tickets.login, createdAt: t0, fromValue: "doing", toValue: "done" });
    }
    await mailDueNotifications(deps, at(t0, 125));
    const german = await inbox.waitFor((m) => m.to.includes(customer.email.toLowerCase()));
    const english = await inbox.waitFor((m) => m.to.includes(colleague.email.toLowerCase()));
    expect(german.subject).toBe("Alex Admin hat den Status des Tickets Zweisprachig: login fails von In Arbeit auf Erledigt geändert");
    expect(english.subject).toBe("Alex Admin changed the status of Zweisprachig: login fails from Doing to Done");
  });
});

describe("notification mail's Reply-To, with INBOUND_DOMAIN set (mail in)", () => {
  // Given in capitals: the server keeps the domain in lower case, and the address is written so.
  const { server: inbound, inbox: inboundInbox } = serverWithInboxForFile({ NOTIFICATION_MAIL_DELAY_SECONDS: "120", INBOUND_DOMAIN: "In.Portico.Test" });
  const DOMAIN = "in.portico.test";
  const mailDue = (now: Date) => mailDueNotifications({ db: inbound.deps.db, outbox: inbound.deps.mail.outbox, env: inbound.env, log: inbound.deps.log }, now);
  const mailTo = (address: string, about: string) => inboundInbox.waitFor((m) => m.to.includes(address.toLowerCase()) && m.subject.includes(about));
  const comment = { kind: "comment_reply", field: null, fromValue: null, toValue: null, excerpt: "Looking into it" } as const;

  it("gives a ticket comment's mail the recipient's signed reply address, which reads back as them and the ticket, and keeps it no longer than the mail's parts", async () => {
    const company = await createCompany(inbound, "Reply Ltd");
    const customer = await createCustomer(inbound, company.id, "Reply Customer");
    const project = await insertProject(inbound, company.id, "Reply site");
    const ticket = await insertTicket(inbound.deps.db, project, company.id, "Reply: login fails");
    const t0 = start();
    await insertNotification(inbound.deps.db, { ...comment, recipientId: customer.id, companyId: company.id, ticketId: ticket, createdAt: t0 });
    await mailDue(at(t0, 121));

    const mail = await mailTo(customer.email, "login fails");
    const replyTo = mail.headers["reply-to"]!;
    expect(replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]{69}@${DOMAIN.replaceAll(".", "\\.")}$`));
    expect(readReplyAddress(inbound.env.AUTH_SECRET, DOMAIN, replyTo)).toEqual({ recipientUserId: customer.id, target: { kind: "ticket", id: ticket } });
    // Another installation's secret does not sign it.
    expect(readReplyAddress(`${inbound.env.AUTH_SECRET}x`, DOMAIN, replyTo)).toBeNull();

    const [row] = await outboxTo(inbound.deps.db, customer.email);
    await expect.poll(async () => (await inbound.deps.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, row!.id)))[0]!.status).toBe("sent");
    const [sent] = await inbound.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(sent!.replyTo).toBeNull();
    expect(sent!.shownText).not.toContain(replyTo.slice(6, 75));
  });

  it("gives a project's mail and a conversation's (the company's) their own reply address, and an invoice's, a company's and one naming both a conversation and its company none", async () => {
    const company = await createCompany(inbound, "Subjects Ltd");
    const project = await insertProject(inbound, company.id, "Subjects site");
    const [invoice] = await inbound.deps.db
      .insert(invoices)
      .values({ companyId: company.id, invoiceNumber: `INV-${crypto.randomUUID().slice(0, 8)}`, amount: "10.00", subtotal: "10.00", tax: "0.00", issueDate: "2026-01-01", status: "unpaid", issuedAt: new Date() })
      .returning({ id: invoices.id });
    const admin = await inbound.createUser({ admin: true, name: "Subjects Admin" });
    const colleague = await inbound.createUser({ admin: true, name: "Subjects Colleague" });
    const t0 = start();
    const base = { companyId: company.id, createdAt: t0, actorName: "Carol Customer" };
    await insertNotification(inbound.deps.db, { ...base, ...comment, kind: "customer_comment", recipientId: admin.id, projectId: project.id });
    await insertNotification(inbound.deps.db, { ...base, ...comment, kind: "customer_message", recipientId: admin.id, excerpt: "Hello?" });
    await insertNotification(inbound.deps.db, { ...base, ...comment, kind: "customer_payment", recipientId: admin.id, invoiceId: invoice!.id, toValue: "10.00", excerpt: "Subjects Ltd" });
    // The colleague's company and conversation rows are one group, so one mail about two subjects, the newest the conversation.
    await insertNotification(inbound.deps.db, { ...base, ...comment, kind: "member_joined", recipientId: colleague.id, excerpt: "nia@example.test" });
    await insertNotification(inbound.deps.db, { ...base, ...comment, kind: "customer_message", recipientId: colleague.id, createdAt: at(t0, 1), excerpt: "Hi" });
    await mailDue(at(t0, 121));

    const read = (mail: { headers: Record<string, string> }) => readReplyAddress(inbound.env.AUTH_SECRET, DOMAIN, mail.headers["reply-to"] ?? "");
    expect(read(await mailTo(admin.email, "Subjects site"))).toEqual({ recipientUserId: admin.id, target: { kind: "project", id: project.id } });
    expect(read(await mailTo(admin.email, "sent a message"))).toEqual({ recipientUserId: admin.id, target: { kind: "conversation", id: company.id } });
    expect((await mailTo(admin.email, "paid")).headers["reply-to"]).toBeUndefined();
    const both = await mailTo(colleague.email, "Subjects Ltd");
    expect(eventLines(both)).toHaveLength(2);
    expect(both.headers["reply-to"]).toBeUndefined();
    expect(await outboxTo(inbound.deps.db, colleague.email)).toHaveLength(1);
  });
});
