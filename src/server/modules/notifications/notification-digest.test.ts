import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationDigests, notificationPreferences, notifications, profiles } from "@/server/db/schema";
import type { MailOutbox } from "@/server/mail/outbox";
import { startTestServer, type TestServer } from "@/server/test/harness";
import { createCompany, createCustomer, insertProject } from "@/server/test/fixtures";
import { startSmtpInbox, type SmtpInbox } from "@/server/test/mail/smtp-inbox";
import { eventLines, expectWrittenInGerman, insertNotification, insertTicket, outboxTo } from "@/server/test/notifications";
import { digestDay, sendDigests } from "./notification-digest";
import type { NotificationMailDeps } from "./notification-mail";

let inbox: SmtpInbox;
let server: TestServer;
let deps: NotificationMailDeps;
// Berlin is UTC+1 in November: the 25th's digest hour, 08:00, is 07:00 UTC. With mail in on, which
// gives a digest no Reply-To.
beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ SMTP_URL: inbox.url, TIME_ZONE: "Europe/Berlin", DIGEST_HOUR: "8", INBOUND_DOMAIN: "in.portico.test" });
  deps = { db: server.deps.db, outbox: server.deps.mail.outbox, env: server.env, log: server.deps.log };
});
afterAll(async () => {
  await server?.close();
  await inbox?.stop();
});

const utc = (iso: string) => new Date(`${iso}Z`);

/** A customer with one ticket, and digest notifications on it written at the given instants. */
async function customerWithDigestRows(name: string, instants: string[], kind: "comment_reply" | "ticket_status" = "comment_reply") {
  const company = await createCompany(server, `${name} Ltd`);
  const customer = await createCustomer(server, company.id, `${name} Customer`);
  const project = await insertProject(server, company.id, `${name} site`);
  const ticket = await insertTicket(server.deps.db, project, company.id, `${name}: export is slow`);
  const ids: bigint[] = [];
  for (const [index, instant] of instants.entries()) {
    ids.push(
      await insertNotification(server.deps.db, {
        recipientId: customer.id,
        companyId: company.id,
        ticketId: ticket,
        createdAt: utc(instant),
        kind,
        mail: "digest",
        actorName: "Alex Admin",
        excerpt: `Reply ${index + 1}`,
        ...(kind === "comment_reply" ? { field: null, fromValue: null, toValue: null } : {}),
      }),
    );
  }
  return { company, customer, ticket, ids };
}

const mailedOf = async (ids: bigint[]) =>
  (await server.deps.db.select({ id: notifications.id, mailedAt: notifications.mailedAt }).from(notifications).where(inArray(notifications.id, ids)).orderBy(notifications.id)).map(
    (row) => row.mailedAt !== null,
  );
const claimsOf = (userId: string) => server.deps.db.select({ day: notificationDigests.day }).from(notificationDigests).where(eq(notificationDigests.recipientId, userId));

describe("the daily digest", () => {
  it("reads the day and its hour on TIME_ZONE's calendar", async () => {
    expect(await digestDay(deps, utc("2026-11-25T06:59:59"))).toEqual({ day: "2026-11-25", cutoff: utc("2026-11-25T07:00:00") });
    // Past midnight in Berlin while it is still the 25th in UTC: the 26th's digest.
    expect(await digestDay(deps, utc("2026-11-25T23:30:00"))).toEqual({ day: "2026-11-26", cutoff: utc("2026-11-26T07:00:00") });
    // Summer time: UTC+2.
    expect(await digestDay(deps, utc("2026-07-01T12:00:00"))).toEqual({ day: "2026-07-01", cutoff: utc("2026-07-01T06:00:00") });
  });

  it("sends nothing before the hour, then one digest of what came before it, once a day, and the rest the next day", async () => {
    const { customer, ticket, ids } = await customerWithDigestRows("Daily", ["2026-11-24T12:00:00", "2026-11-25T06:30:00", "2026-11-25T07:30:00"]);

    await sendDigests(deps, utc("2026-11-25T06:59:00"));
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(0);
    expect(await claimsOf(customer.id)).toEqual([]);

    await sendDigests(deps, utc("2026-11-25T07:05:00"));
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(1);
    expect(await mailedOf(ids)).toEqual([true, true, false]);
    expect(await claimsOf(customer.id)).toEqual([{ day: "2026-11-25" }]);
    const mail = await inbox.waitFor((m) => m.to.includes(customer.email.toLowerCase()));
    expect(mail.subject).toBe("Your Portico summary: 2 updates");
    expect(eventLines(mail)).toEqual([
      "• Alex Admin commented on Daily: export is slow: “Reply 1”",
      "• Alex Admin commented on Daily: export is slow: “Reply 2”",
    ]);
    expect(mail.links).toContain(`${server.baseUrl}/dashboard/tickets/${ticket}`);
    expect(mail.links).toContain(`${server.baseUrl}/dashboard`);
    expect(mail.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${server.baseUrl}/api/notifications/unsubscribe\\?token=[\\w%.-]+>$`));
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain("Stop mail about replies on your tickets and project comments:");
    // Even about one ticket, a digest is a day's mail: a reply to it has no one record to go to.
    expect(mail.headers["reply-to"]).toBeUndefined();

    // A row written before the hour but committed after the day's digest went out waits for the next one.
    const late = await insertNotification(server.deps.db, { recipientId: customer.id, companyId: (await createCompany(server, "Late Ltd")).id, createdAt: utc("2026-11-25T06:45:00"), kind: "project_created", mail: "digest", field: null, fromValue: null, toValue: null });
    await sendDigests(deps, utc("2026-11-25T07:10:00"));
    await sendDigests(deps, utc("2026-11-25T20:00:00"));
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(1);

    await sendDigests(deps, utc("2026-11-26T07:00:00"));
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(2);
    expect(await mailedOf([...ids, late])).toEqual([true, true, true, true]);
    expect((await claimsOf(customer.id)).map((claim) => claim.day).sort()).toEqual(["2026-11-25", "2026-11-26"]);
  });

  it("rolls a recipient's digest back whole when it fails half-way, and sends it once at the next run", async () => {
    const { customer, ids } = await customerWithDigestRows("Crash", ["2026-11-20T05:00:00", "2026-11-20T06:00:00"]);
    // The mail is queued, then the process "dies" before the transaction commits.
    const dying: MailOutbox = {
      async enqueue(db, mail) {
        await server.deps.mail.outbox.enqueue(db, mail);
        throw new Error("the process died here");
      },
    };
    const failed = await sendDigests({ ...deps, outbox: dying }, utc("2026-11-20T12:00:00"));
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(0);
    expect(await claimsOf(customer.id)).toEqual([]);
    expect(await mailedOf(ids)).toEqual([false, false]);

    await sendDigests(deps, utc("2026-11-20T12:05:00"));
    await sendDigests(deps, utc("2026-11-20T12:10:00"));
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(1);
    expect(await mailedOf(ids)).toEqual([true, true]);
  });

  it("marks a kind turned off since it was written mailed without putting it in the digest", async () => {
    const { customer, ids } = await customerWithDigestRows("Quiet", ["2026-11-21T05:00:00"], "ticket_status");
    await server.deps.db.insert(notificationPreferences).values({ userId: customer.id, kind: "ticket_status", delivery: "off" });
    await sendDigests(deps, utc("2026-11-21T12:00:00"));
    expect(await outboxTo(server.deps.db, customer.email)).toHaveLength(0);
    expect(await mailedOf(ids)).toEqual([true]);
  });
});

describe("the daily digest in the recipient's language", () => {
  it("writes a German reader's digest in German: subject, greeting, lines, opt-out links", async () => {
    const { customer, ticket } = await customerWithDigestRows("Tagesbericht", ["2026-11-22T05:00:00", "2026-11-22T06:00:00"]);
    await server.deps.db.update(profiles).set({ locale: "de" }).where(eq(profiles.id, customer.id));
    await sendDigests(deps, utc("2026-11-22T12:00:00"));

    const mail = await inbox.waitFor((m) => m.to.includes(customer.email.toLowerCase()));
    expect(mail.subject).toBe("Ihre Zusammenfassung von Portico: 2 Neuigkeiten");
    expectWrittenInGerman(mail, [
      "Hallo Tagesbericht Customer, seit Ihrer letzten Zusammenfassung gibt es 2 Neuigkeiten:",
      "Keine Mails mehr zu „Antworten auf Ihre Tickets und Projektkommentare“:",
    ], /\b(Hello|summary|updates?|commented on|Stop mail about|Your notification settings)\b/);
    expect(eventLines(mail)).toEqual([
      "• Alex Admin hat Tagesbericht: export is slow kommentiert: „Reply 1“",
      "• Alex Admin hat Tagesbericht: export is slow kommentiert: „Reply 2“",
    ]);
    expect(mail.links).toContain(`${server.baseUrl}/dashboard/tickets/${ticket}`);
  });
});
