import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema";
import { startTestServer, type TestServer } from "../test/harness";
import { captureLog } from "../test/log-capture";
import { startSmtpInbox, type SmtpInbox } from "../test/mail/smtp-inbox";
import type { MailRetryPolicy } from "./mail-worker";
import { REDACTED_LINK } from "./redaction";

/** Retries within a test's patience: 100 ms, doubling to 400 ms. */
const FAST_RETRY: MailRetryPolicy = { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 50 };

let inbox: SmtpInbox;
let server: TestServer;
beforeAll(async () => {
  inbox = await startSmtpInbox({ auth: { user: "portico", pass: "s3cret pass" } });
  server = await startTestServer({ SMTP_URL: inbox.url, MAIL_FROM: "Portico Support <support@portico.test>" }, { retry: FAST_RETRY });
});
afterAll(async () => {
  await server?.close();
  await inbox?.stop();
});

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.test`;

const queueReset = (to: string, db = server.deps.db) =>
  server.deps.mail.outbox.enqueue(db, { template: "password-reset", to, locale: "en", props: { name: "Ada", url: `${server.baseUrl}/reset-password?token=${to}`, validForMinutes: 60 } });

async function outboxRow(id: string) {
  const [row] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

describe("the mail worker, delivering through a real SMTP server", () => {
  it("delivers queued mail with an HTML and a plain-text part that carry the brand and the link, then drops the parts", async () => {
    const to = address("ada");
    const { id } = await queueReset(to);
    const mail = await inbox.waitFor((m) => m.to.includes(to));
    expect(mail.from).toBe('"Portico Support" <support@portico.test>');
    expect(mail.subject).toBe("Reset your Portico password");
    expect(mail.text).toContain("Hello Ada,");
    expect(mail.links).toContain(`${server.baseUrl}/reset-password?token=${to}`);
    expect(mail.html).toContain(`href="${server.baseUrl}/reset-password?token=${to}"`);
    expect(mail.html).toContain("Portico");
    expect(mail.messageId).toBe(`<${id}@127.0.0.1>`);
    await expect.poll(async () => (await outboxRow(id)).status).toBe("sent");
    expect(await outboxRow(id)).toMatchObject({ attempts: 1, textBody: null, htmlBody: null, lastError: null });
  });

  it("keeps mail while the SMTP server is down and delivers it exactly once when it is back", async () => {
    await inbox.stop();
    const to = address("patient");
    const { id } = await queueReset(to);
    try {
      // Wait for a refused attempt, so the mail provably waited for the server rather than beat it.
      await expect.poll(async () => (await outboxRow(id)).lastError, { timeout: 10_000 }).toMatch(/ECONNREFUSED/);
      expect((await outboxRow(id)).status).toBe("queued");
    } finally {
      await inbox.start();
    }
    await inbox.waitFor((m) => m.to.includes(to));
    // A later mail has arrived: had the first been sent twice, its copy would be here by now too.
    const marker = address("marker");
    await queueReset(marker);
    await inbox.waitFor((m) => m.to.includes(marker));
    expect(inbox.to(to)).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: "sent" });
    expect((await outboxRow(id)).attempts).toBeGreaterThanOrEqual(2);
  });

  it("marks mail the server refuses for good as failed with the server's answer, and delivers the rest", async () => {
    const refused = address("nobody");
    inbox.refuse(refused);
    const { id } = await queueReset(refused);
    const fine = address("somebody");
    await queueReset(fine);
    await inbox.waitFor((m) => m.to.includes(fine));
    await expect.poll(async () => (await outboxRow(id)).status).toBe("failed");
    const row = await outboxRow(id);
    expect(row.lastError).toMatch(/^550 5\.1\.1 Mailbox unavailable/);
    expect(row.attempts).toBe(1);
    expect(row.finishedAt).not.toBeNull();
    expect(inbox.to(refused)).toEqual([]);
  });

  it("records no mail for a write that rolls back", async () => {
    const to = address("rolled-back");
    await expect(
      server.deps.db.transaction(async (tx) => {
        await queueReset(to, tx);
        throw new Error("the write that caused the mail failed");
      }),
    ).rejects.toThrow("the write that caused the mail failed");
    expect(await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).toEqual([]);
  });

  it("refuses to queue mail to something that is not an address", async () => {
    for (const to of ["", "no-at-sign", "two@@example.test", "a b@example.test", `${"x".repeat(250)}@example.test`, "ada@example.test\r\nBcc: eve@example.test"]) {
      await expect(queueReset(to), to).rejects.toThrow(/Not a mail address/);
    }
  });

  it("sends a mail's own headers as queued and keeps them no longer than its parts, and mail without any as before", async () => {
    const to = address("listed");
    const headers = { "List-Unsubscribe": `<${server.baseUrl}/api/notifications/unsubscribe?token=${"t".repeat(120)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    const id = await server.deps.db.transaction(async (tx) => {
      const queued = await server.deps.mail.outbox.enqueue(tx, {
        template: "password-reset",
        to,
        locale: "en",
        props: { name: "Ada", url: `${server.baseUrl}/reset-password?token=x`, validForMinutes: 60 },
        headers,
      });
      // Read before the commit wakes the worker: stored as given.
      const [row] = await tx.select({ headers: mailOutbox.headers }).from(mailOutbox).where(eq(mailOutbox.id, queued.id));
      expect(row!.headers).toEqual(headers);
      return queued.id;
    });
    const mail = await inbox.waitFor((m) => m.to.includes(to));
    expect(mail.headers["list-unsubscribe"]).toBe(headers["List-Unsubscribe"]);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // Sent, it keeps its envelope only, as its parts: the unsubscribe link is not kept either.
    await expect.poll(async () => (await outboxRow(id)).status).toBe("sent");
    expect(await outboxRow(id)).toMatchObject({ headers: null, textBody: null, htmlBody: null });

    const plain = address("plain");
    await queueReset(plain);
    const arrived = await inbox.waitFor((m) => m.to.includes(plain));
    expect(Object.keys(arrived.headers).filter((name) => name.startsWith("list-"))).toEqual([]);
  });

  it("sends a mail's Reply-To as queued, keeps it no longer than its parts, and refuses one that is not one address", async () => {
    const to = address("answerable");
    const replyTo = `reply+${"a".repeat(69)}@in.portico.test`;
    const props = { name: "Ada", url: `${server.baseUrl}/reset-password?token=x`, validForMinutes: 60 };
    const id = await server.deps.db.transaction(async (tx) => {
      const queued = await server.deps.mail.outbox.enqueue(tx, { template: "password-reset", to, locale: "en", props, replyTo });
      // Read before the commit wakes the worker: stored as given.
      const [row] = await tx.select({ replyTo: mailOutbox.replyTo }).from(mailOutbox).where(eq(mailOutbox.id, queued.id));
      expect(row!.replyTo).toBe(replyTo);
      return queued.id;
    });
    const mail = await inbox.waitFor((m) => m.to.includes(to));
    expect(mail.headers["reply-to"]).toBe(replyTo);
    await expect.poll(async () => (await outboxRow(id)).status).toBe("sent");
    expect(await outboxRow(id)).toMatchObject({ replyTo: null, headers: null, textBody: null });

    const refused = address("unanswerable");
    for (const bad of ["", "no-at-sign", "a@example.test, eve@example.test", "Eve <eve@example.test>", "eve@example.test\r\nBcc: mallory@example.test", `${"x".repeat(250)}@example.test`]) {
      await expect(server.deps.mail.outbox.enqueue(server.deps.db, { template: "password-reset", to: refused, locale: "en", props, replyTo: bad }), bad).rejects.toThrow(/Not a mail address/);
    }
    expect(await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, refused))).toEqual([]);
  });

  it("refuses to queue a header that could forge the message: a line break in a value, a name that is no field name, or one the sender sets itself", async () => {
    const to = address("forged");
    const props = { name: "Ada", url: `${server.baseUrl}/reset-password?token=x`, validForMinutes: 60 };
    const forged: Record<string, string>[] = [
      { "List-Unsubscribe": "<https://a.example>\r\nBcc: eve@example.test" },
      { "List-Unsubscribe": "<https://a.example>\n" },
      { "X-Bad Name": "x" },
      { "X-Colon:": "x" },
      { Bcc: "eve@example.test" },
      { "reply-to": "eve@example.test" },
    ];
    for (const headers of forged) {
      await expect(server.deps.mail.outbox.enqueue(server.deps.db, { template: "password-reset", to, locale: "en", props, headers }), JSON.stringify(headers)).rejects.toThrow(/header/);
    }
    expect(await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).toEqual([]);
  });
});

describe("the mail worker when it runs out of attempts", () => {
  it("marks the mail failed with the last connection error", async () => {
    const down = await startSmtpInbox();
    await down.stop();
    const giveUpQuickly = await startTestServer({ SMTP_URL: down.url }, { retry: { firstDelayMs: 50, maxDelayMs: 50, maxAttempts: 2 } });
    try {
      const { id } = await giveUpQuickly.deps.mail.outbox.enqueue(giveUpQuickly.deps.db, {
        template: "email-change",
        to: address("unreachable"),
        locale: "en",
        props: { name: "Ada", newEmail: "new@example.test", url: "http://127.0.0.1/confirm-email?token=x", validForMinutes: 60 },
      });
      const row = async () => (await giveUpQuickly.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
      await expect.poll(async () => (await row()).status, { timeout: 10_000 }).toBe("failed");
      expect(await row()).toMatchObject({ attempts: 2, lastError: expect.stringMatching(/ECONNREFUSED/) });
    } finally {
      await giveUpQuickly.close();
    }
  });
});

describe("without SMTP_URL", () => {
  it("prints each mail to the log as one block with its links, then keeps no live part of it in the outbox, as for sent mail", async () => {
    const log = captureLog();
    const laptop = await startTestServer({ LOG_LEVEL: "info" }, { logTo: log.destination });
    try {
      const to = address("laptop");
      const { id } = await laptop.deps.mail.outbox.enqueue(laptop.deps.db, {
        template: "password-reset",
        to,
        locale: "en",
        props: { name: "Ada", url: `${laptop.baseUrl}/reset-password?token=abc`, validForMinutes: 60 },
        headers: { "List-Unsubscribe": `<${laptop.baseUrl}/api/notifications/unsubscribe?token=def>` },
        replyTo: "reply+ghi@in.portico.test",
      });
      const row = async () => (await laptop.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
      await expect.poll(async () => (await row()).status).toBe("logged");
      const blocks = log
        .lines()
        .filter((line) => line.event === "mail.logged" && line.msg.includes(`Mail to ${to}`))
        .map((line) => line.msg);
      expect(blocks).toHaveLength(1);
      expect(blocks[0]).toContain("Subject: Reset your Portico password");
      expect(blocks[0]).toContain(`${laptop.baseUrl}/reset-password?token=abc`);
      expect(blocks[0]).toContain(`List-Unsubscribe: <${laptop.baseUrl}/api/notifications/unsubscribe?token=def>`);
      expect(blocks[0]).toContain("Reply-To: reply+ghi@in.portico.test");
      // Printed is delivered: the live link is in the log alone; the outbox keeps the redacted text.
      expect(await row()).toMatchObject({ textBody: null, htmlBody: null, headers: null, replyTo: null });
      expect((await row()).shownText).toContain(`Choose a new password ${REDACTED_LINK}`);
      expect((await row()).shownText).not.toContain("token=abc");
    } finally {
      await laptop.close();
    }
  });
});
