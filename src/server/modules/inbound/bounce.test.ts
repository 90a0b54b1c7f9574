import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "@/server/db/schema";
import { outboxCounts } from "@/server/mail/outbox";
import { captureLog } from "@/server/test/log-capture";
import type { ReceivedMail } from "@/server/test/mail/smtp-inbox";
import { serverWithInboxForFile } from "@/server/test/per-file";
import { recordBounce } from "./bounce";

const INBOUND_TOKEN = "bounce-test-inbound-webhook-token-0123456789";
// Mail in is on, so a bounce can also arrive the way every received mail does (the last test).
const { server, inbox } = serverWithInboxForFile({ INBOUND_DOMAIN: "in.portico.test", INBOUND_WEBHOOK_TOKEN: INBOUND_TOKEN });
const messageIdDomain = () => new URL(server.env.BASE_URL).hostname;

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

async function outboxRow(id: string) {
  const [row] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

/** A password reset the worker has sent through the SMTP inbox: its outbox id and the mail as it arrived. */
async function sentMail(name: string): Promise<{ id: string; to: string; received: ReceivedMail }> {
  const to = address(name);
  const { id } = await server.deps.mail.outbox.enqueue(server.deps.db, {
    template: "password-reset",
    to,
    locale: "en",
    props: { name: "Ada", url: `${server.baseUrl}/reset-password?token=${randomUUID()}`, validForMinutes: 60 },
  });
  const received = await inbox.waitFor((mail) => mail.to.includes(to));
  await expect.poll(async () => (await outboxRow(id)).status).toBe("sent");
  return { id, to, received };
}

/** The header of a mail as it arrived, one field a line, for a report's text/rfc822-headers part. */
const headerBlock = (received: ReceivedMail, messageId = received.messageId) =>
  Object.entries({ ...received.headers, "message-id": messageId })
    .filter(([name]) => !["content-type", "content-transfer-encoding"].includes(name))
    .map(([name, value]) => `${name}: ${value}`);

/** A bounce as every mailer sends one: from the null sender (RFC 5321 `Return-Path: <>`) to MAIL_FROM, its lines joined by CRLF. */
const bounceMail = (from: string, lines: string[]) => Buffer.from(["Return-Path: <>", `From: ${from}`, `To: ${server.env.MAIL_FROM}`, ...lines].join("\r\n"));

/** A delivery status notification as Postfix writes one (RFC 3464): an explanation, the report and the returned header. */
function postfixReport({ to, original, action = "failed", status = "5.1.1", diagnostic }: { to: string; original: string[]; action?: string; status?: string; diagnostic?: string[] }) {
  return bounceMail("MAILER-DAEMON@mx.example.com (Mail Delivery System)", [
    "Subject: Undelivered Mail Returned to Sender",
    `Message-ID: <${randomUUID()}@mx.example.com>`,
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B0UND"',
    "",
    "--B0UND",
    "Content-Description: Notification",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "This is the mail system at host mx.example.com.",
    "",
    "I'm sorry to have to inform you that your message could not",
    "be delivered to one or more recipients.",
    "",
    "--B0UND",
    "Content-Description: Delivery report",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.com",
    "Arrival-Date: Mon, 30 Nov 2026 10:00:00 +0000 (UTC)",
    "",
    `Final-Recipient: rfc822; ${to}`,
    `Original-Recipient: rfc822;${to}`,
    `Action: ${action}`,
    `Status: ${status}`,
    "Remote-MTA: dns; mail.example.com",
    ...(diagnostic ?? [`Diagnostic-Code: smtp; 550 5.1.1 <${to}>: Recipient address`, "    rejected"]),
    "",
    "--B0UND",
    "Content-Description: Undelivered Message Headers",
    "Content-Type: text/rfc822-headers",
    "",
    ...original,
    "",
    "--B0UND--",
    "",
  ]);
}

/** A delivery status notification as Gmail writes one: a friendly text and HTML, the report, and the whole returned mail. */
function gmailReport({ to, received }: { to: string; received: ReceivedMail }) {
  return bounceMail("Mail Delivery Subsystem <mailer-daemon@googlemail.com>", [
    "Auto-Submitted: auto-replied",
    "Subject: Delivery Status Notification (Failure)",
    `X-Failed-Recipients: ${to}`,
    `Message-ID: <${randomUUID()}@mx.google.com>`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; boundary="000000000000outer"; report-type=delivery-status',
    "",
    "--000000000000outer",
    'Content-Type: multipart/related; boundary="000000000000related"',
    "",
    "--000000000000related",
    'Content-Type: multipart/alternative; boundary="000000000000alt"',
    "",
    "--000000000000alt",
    'Content-Type: text/plain; charset="UTF-8"',
    "",
    "** Address not found **",
    "",
    `Your message wasn't delivered to ${to} because the address couldn't be found, or is unable to receive mail.`,
    "",
    "--000000000000alt",
    'Content-Type: text/html; charset="UTF-8"',
    "",
    "<html><body><h2>Address not found</h2></body></html>",
    "--000000000000alt--",
    "--000000000000related--",
    "--000000000000outer",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; googlemail.com",
    "Arrival-Date: Mon, 30 Nov 2026 02:00:00 -0800 (PST)",
    "",
    `Final-Recipient: rfc822; ${to}`,
    "Action: failed",
    "Status: 5.1.1",
    "Remote-MTA: dns; mx.example.com. (192.0.2.1, the server for the domain example.com.)",
    "Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist. Please try",
    " 550-5.1.1 double-checking the recipient's email address for typos or",
    " 550 5.1.1 unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser",
    "Last-Attempt-Date: Mon, 30 Nov 2026 02:00:01 -0800 (PST)",
    "",
    "--000000000000outer",
    "Content-Type: message/rfc822",
    "",
    ...headerBlock(received),
    'Content-Type: multipart/alternative; boundary="returned"',
    "",
    "--returned",
    "Content-Type: text/plain; charset=utf-8",
    "",
    received.text,
    "--returned",
    "Content-Type: text/html; charset=utf-8",
    "",
    received.html,
    "--returned--",
    "",
    "--000000000000outer--",
    "",
  ]);
}

/** A bounce of no standard, as qmail writes one: plain text, the remote server's answer, and the returned header quoted in the text. */
function qmailBounce({ to, received }: { to: string; received: ReceivedMail }) {
  return bounceMail("MAILER-DAEMON@mail.example.com", [
    "Subject: failure notice",
    "",
    "Hi. This is the qmail-send program at mail.example.com.",
    "I'm afraid I wasn't able to deliver your message to the following addresses.",
    "This is a permanent error; I've given up. Sorry it didn't work out.",
    "",
    `<${to}>:`,
    "192.0.2.1 does not like recipient.",
    `Remote host said: 550 5.1.1 <${to}>: Recipient address rejected`,
    "Giving up on 192.0.2.1.",
    "",
    "--- Below this line is a copy of the message.",
    "",
    ...headerBlock(received),
    "",
    received.text,
    "",
  ]);
}

const bounceOf = (raw: Buffer) => recordBounce(server.deps.db, raw, messageIdDomain(), captureLog().logger("warn"));

describe("a bounce received as mail", () => {
  it("is dropped as a bounce, never posted, and marks the mail it returns failed in the outbox", async () => {
    const { id, to, received } = await sentMail("piped");
    const response = await fetch(`${server.baseUrl}/api/inbound/mail`, {
      method: "POST",
      headers: { "content-type": "message/rfc822", authorization: `Bearer ${INBOUND_TOKEN}` },
      body: postfixReport({ to, original: headerBlock(received) }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ fate: "dropped", reason: "bounce" });
    expect(await outboxRow(id)).toMatchObject({ status: "failed", lastError: `bounced: 550 5.1.1 <${to}>: Recipient address rejected` });
  });
});

describe("recordBounce: a bounce of mail Portico sent", () => {
  it("marks the mail of a delivery status notification failed with its diagnostic, as a refused send, and logs it once", async () => {
    const { id, to, received } = await sentMail("gone");
    const before = await outboxRow(id);
    const { failed } = await outboxCounts(server.deps.db);
    const log = captureLog();

    const outcome = await recordBounce(server.deps.db, postfixReport({ to, original: headerBlock(received) }), messageIdDomain(), log.logger("info"));

    expect(outcome).toEqual({ outboxId: id });
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "failed", lastError: `bounced: 550 5.1.1 <${to}>: Recipient address rejected`, attempts: before.attempts, claimId: null });
    expect(row).toMatchObject({ textBody: null, htmlBody: null, headers: null, replyTo: null, renderAtSend: null, shownText: before.shownText, subject: before.subject });
    expect(row.finishedAt!.getTime()).toBeGreaterThanOrEqual(before.finishedAt!.getTime());
    expect((await outboxCounts(server.deps.db)).failed).toBe(failed + 1);
    const lines = log.lines().filter((line) => line.event === "mail.bounced");
    expect(lines).toEqual([expect.objectContaining({ level: "warn", event: "mail.bounced", outboxId: id, status: "5.1.1" })]);
  });

  it("marks the mail of a Gmail report, which returns the whole mail, failed with Gmail's answer unfolded", async () => {
    const sent = await sentMail("gmail");

    expect(await bounceOf(gmailReport(sent))).toEqual({ outboxId: sent.id });

    const row = await outboxRow(sent.id);
    expect(row.status).toBe("failed");
    expect(row.lastError).toBe(
      "bounced: 550-5.1.1 The email account that you tried to reach does not exist. Please try 550-5.1.1 double-checking the recipient's email address for typos or 550 5.1.1 unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser",
    );
  });

  it("marks the mail of a mailer daemon's plain-text bounce failed with the remote server's answer it quotes", async () => {
    const sent = await sentMail("qmail");

    expect(await bounceOf(qmailBounce(sent))).toEqual({ outboxId: sent.id });

    expect(await outboxRow(sent.id)).toMatchObject({ status: "failed", lastError: `bounced: 550 5.1.1 <${sent.to}>: Recipient address rejected` });
  });

  it("finds the mail by the bounce's In-Reply-To when it returns no header, and puts the Status before a diagnostic that lacks it", async () => {
    const { id, to, received } = await sentMail("referenced");
    const report = postfixReport({ to, original: [], status: "5.7.1", diagnostic: ["Diagnostic-Code: smtp; 550 Message refused by policy"] })
      .toString()
      .replace("Auto-Submitted:", `In-Reply-To: ${received.messageId}\r\nAuto-Submitted:`);

    expect(await bounceOf(Buffer.from(report))).toEqual({ outboxId: id });

    expect((await outboxRow(id)).lastError).toBe("bounced: 5.7.1 550 Message refused by policy");
  });

  it("marks a mail that was only logged (no SMTP_URL) failed too", async () => {
    const to = address("logged");
    const [row] = await server.deps.db
      .insert(mailOutbox)
      .values({ template: "password-reset", toAddress: to, subject: "Reset your Portico password", status: "logged", attempts: 1, finishedAt: new Date() })
      .returning({ id: mailOutbox.id });
    const messageId = `<${row!.id}@${messageIdDomain()}>`;

    expect(await bounceOf(postfixReport({ to, original: [`Message-ID: ${messageId}`, `To: ${to}`] }))).toEqual({ outboxId: row!.id });
    expect((await outboxRow(row!.id)).status).toBe("failed");
  });
});

describe("recordBounce: what changes nothing", () => {
  it("answers null for a second bounce of the same mail and keeps the first one's answer", async () => {
    const { id, to, received } = await sentMail("twice");
    expect(await bounceOf(postfixReport({ to, original: headerBlock(received) }))).toEqual({ outboxId: id });
    const first = await outboxRow(id);
    const log = captureLog();

    const again = postfixReport({ to, original: headerBlock(received), status: "5.2.1", diagnostic: ["Diagnostic-Code: smtp; 550 5.2.1 Mailbox disabled"] });
    expect(await recordBounce(server.deps.db, again, messageIdDomain(), log.logger("info"))).toBeNull();

    expect(await outboxRow(id)).toEqual(first);
    expect(log.lines()).toEqual([]);
  });

  it("answers null for a bounce of a mail the SMTP server had refused already, which keeps that refusal", async () => {
    const to = address("refused");
    inbox.refuse(to);
    const { id } = await server.deps.mail.outbox.enqueue(server.deps.db, { template: "password-reset", to, locale: "en", props: { name: "Ada", url: `${server.baseUrl}/reset`, validForMinutes: 60 } });
    await expect.poll(async () => (await outboxRow(id)).status).toBe("failed");
    const refused = await outboxRow(id);

    expect(await bounceOf(postfixReport({ to, original: [`Message-ID: <${id}@${messageIdDomain()}>`] }))).toBeNull();

    expect(await outboxRow(id)).toEqual(refused);
  });

  it("answers null for a Message-ID at our domain that no outbox row has, and for one of ours at another domain", async () => {
    const { id, to, received } = await sentMail("bystander");
    const before = await outboxRow(id);

    expect(await bounceOf(postfixReport({ to, original: headerBlock(received, `<${randomUUID()}@${messageIdDomain()}>`) }))).toBeNull();
    expect(await bounceOf(postfixReport({ to, original: headerBlock(received, `<${id}@mail.example.com>`) }))).toBeNull();
    expect(await bounceOf(postfixReport({ to, original: headerBlock(received, `<not-a-uuid@${messageIdDomain()}>`) }))).toBeNull();

    expect(await outboxRow(id)).toEqual(before);
  });

  it("answers null for a report of a delay, or of a delivery, which is no failure", async () => {
    const { id, to, received } = await sentMail("late");
    const before = await outboxRow(id);

    const delayed = ["Diagnostic-Code: X-Postfix; connect to mail.example.com[192.0.2.1]:25: Connection timed out"];
    expect(await bounceOf(postfixReport({ to, original: headerBlock(received), action: "delayed", status: "4.4.1", diagnostic: delayed }))).toBeNull();
    expect(await bounceOf(postfixReport({ to, original: headerBlock(received), action: "delivered", status: "2.0.0", diagnostic: [] }))).toBeNull();

    expect(await outboxRow(id)).toEqual(before);
  });

  it("answers null for a reply that is no bounce, though its In-Reply-To names the mail", async () => {
    const { id, to, received } = await sentMail("replier");
    const before = await outboxRow(id);
    const reply = [`From: ${to}`, `To: ${server.env.MAIL_FROM}`, "Subject: Re: Reset your Portico password", `In-Reply-To: ${received.messageId}`, `References: ${received.messageId}`, "", "Thanks!", ""];

    expect(await bounceOf(Buffer.from(reply.join("\r\n")))).toBeNull();

    expect(await outboxRow(id)).toEqual(before);
  });

  it("answers null, without throwing, for bytes that are no mail and for reports broken in every part", async () => {
    const { id, to, received } = await sentMail("garbage");
    const before = await outboxRow(id);
    const broken = [
      Buffer.alloc(0),
      Buffer.from("garbage"),
      Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x0d, 0x0a, 0x0d, 0x0a]),
      Buffer.from('Content-Type: multipart/report; report-type=delivery-status; boundary="never"\r\n\r\n--nope\r\nAction: failed\r\n'),
      Buffer.from(`From: MAILER-DAEMON@mx.example.com\r\nContent-Type: message/rfc822\r\n\r\n\0\0\0Message-ID <${id}@${messageIdDomain()}`),
      postfixReport({ to, original: headerBlock(received) }).subarray(0, 400),
      Buffer.from(postfixReport({ to, original: headerBlock(received) }).toString().replaceAll("\r\n", "\r\n\t")),
    ];

    for (const raw of broken) expect(await bounceOf(raw)).toBeNull();

    expect(await outboxRow(id)).toEqual(before);
  });
});
