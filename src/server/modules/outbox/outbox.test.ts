import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiTokenMessages } from "@/shared/rules/api-token";
import { mailOutbox } from "@/server/db/schema";
import { REDACTED_LINK } from "@/server/mail/redaction";
import { captureLog } from "@/server/test/log-capture";
import { startTestServer } from "../../test/harness";
import { beforeAllTests, serverWithInboxForFile } from "../../test/per-file";
import { TestClient } from "../../test/test-client";
import { expectAdminsOnly, expectFieldRefused } from "@/server/test/expect-problem";

const { server, inbox } = serverWithInboxForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));

const address = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@example.test`;
const queue = (to: string) =>
  server.deps.mail.outbox.enqueue(server.deps.db, { template: "password-reset", to, locale: "en", props: { name: "Ada", url: `${server.baseUrl}/reset-password?token=t0ken`, validForMinutes: 60 } });
const outboxFor = async (to: string) => (await admin.client.get(`/api/outbox?q=${encodeURIComponent(to)}`)).body;

describe("the admin outbox", () => {
  it("shows each mail with its delivery state, newest first, its text with the reset link removed, and keeps no live part once an SMTP server took it", async () => {
    const first = address("first");
    const second = address("second");
    await queue(first);
    await inbox.waitFor((mail) => mail.to.includes(first));
    await queue(second);
    await inbox.waitFor((mail) => mail.to.includes(second));
    await expect.poll(async () => (await outboxFor(second)).items[0]?.status).toBe("sent");

    const page = (await admin.client.get("/api/outbox?pageSize=100")).body;
    const ours = page.items.filter((mail: { to: string }) => [first, second].includes(mail.to));
    expect(ours.map((mail: { to: string }) => mail.to)).toEqual([second, first]);
    expect(ours[0]!).toMatchObject({ template: "password-reset", subject: "Reset your Portico password", status: "sent", attempts: 1, lastError: null, nextAttemptAt: null });
    expect(ours[0]!.finishedAt).not.toBeNull();
    expect(ours[0]!.text).toContain(`Choose a new password ${REDACTED_LINK}`);
    expect(ours[0]!.text).not.toContain("t0ken");
    const [stored] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, ours[0]!.id));
    expect(stored).toMatchObject({ textBody: null, htmlBody: null, headers: null });
  });

  it("shows mail the SMTP server refused for good as failed, with the server's answer, its link removed and no live part kept", async () => {
    const refused = address("refused");
    inbox.refuse(refused);
    await queue(refused);
    await expect.poll(async () => (await outboxFor(refused)).items[0]?.status).toBe("failed");
    const [mail] = (await outboxFor(refused)).items;
    expect(mail!.lastError).toMatch(/^550 5\.1\.1 Mailbox unavailable/);
    expect(mail!.text).toContain(`Choose a new password ${REDACTED_LINK}`);
    expect(mail!.text).not.toContain("t0ken");
    const [stored] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(stored).toMatchObject({ textBody: null, htmlBody: null, headers: null });
    expect((await admin.client.get("/api/outbox?status=failed")).body.items.map((m: { to: string }) => m.to)).toContain(refused);
    expect((await admin.client.get("/api/outbox?status=sent")).body.items.map((m: { to: string }) => m.to)).not.toContain(refused);
  });

  it("refuses a status it does not know with a 400 naming the field", async () => {
    const response = await admin.client.get("/api/outbox?status=lost");
    expectFieldRefused(response, "status");
  });

  it("is the admins' alone: customers get 403 and strangers 401", async () => {
    await expectAdminsOnly(server, "/api/outbox");
  });
});

describe("the admin outbox without SMTP_URL", () => {
  it("shows mail that was only printed to the log with its link removed, the live link printed to the log", async () => {
    const log = captureLog();
    const laptop = await startTestServer({ LOG_LEVEL: "info" }, { logTo: log.destination });
    try {
      const boss = await laptop.createUser({ admin: true });
      const to = address("laptop");
      await laptop.deps.mail.outbox.enqueue(laptop.deps.db, { template: "password-reset", to, locale: "en", props: { name: "Ada", url: `${laptop.baseUrl}/reset-password?token=abc`, validForMinutes: 60 } });
      const listed = async () => (await boss.client.get(`/api/outbox?q=${encodeURIComponent(to)}`)).body.items[0];
      await expect.poll(async () => (await listed())?.status).toBe("logged");
      expect((await listed())!.text).toContain(`Choose a new password ${REDACTED_LINK}`);
      expect((await listed())!.text).not.toContain("token=abc");
      const logged = await log.waitFor((line) => line.event === "mail.logged" && line.msg.includes(`Mail to ${to}`));
      expect(logged.msg).toContain(`${laptop.baseUrl}/reset-password?token=abc`);
    } finally {
      await laptop.close();
    }
  });
});

describe("the admin outbox while mail waits for the SMTP server", () => {
  // The SMTP server goes down before any mail is queued, so every mail stays queued with its live
  // links: the moment an attacker would read it. Quick retries, so the mail goes soon after the
  // server is back; until then it stays queued.
  const { server: waiting, inbox: down } = serverWithInboxForFile({}, { retry: { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 10_000 } });
  beforeAll(() => down.stop());
  const boss = beforeAllTests(() => waiting.createUser({ admin: true }));

  const queuedTo = async (to: string) => {
    await expect.poll(async () => (await boss.client.get(`/api/outbox?q=${encodeURIComponent(to)}`)).body.items[0]?.status).toBe("queued");
    return (await boss.client.get(`/api/outbox?q=${encodeURIComponent(to)}`)).body.items[0]!;
  };

  it("gives a read-only admin token no reset link of an admin's: the token is refused (401) and nothing of the mail is in the answer", async () => {
    const made = await boss.client.post("/api/tokens", { name: "Dashboard", scope: "read", expiresInDays: 30 });
    expect(made.status).toBe(201);
    // Anyone may ask for an admin's reset link; the attacker holds only the read-only token.
    expect((await waiting.anonymous().post("/api/auth/request-password-reset", { email: boss.email })).status).toBe(200);
    await queuedTo(boss.email);

    const script = new TestClient(waiting.baseUrl, "198.51.100.9");
    const stolen = await script.request("GET", `/api/outbox?q=${encodeURIComponent(boss.email)}`, undefined, { authorization: `Bearer ${made.body.token}` });
    expect(stolen.status).toBe(401);
    expect(stolen.problem.detail).toBe(apiTokenMessages.sessionOnly);
    expect(JSON.stringify(stolen.body)).not.toContain("reset-password");
  });

  it("shows a queued reset mail and a queued admin invitation with their links removed, and sends the live links once the server is back", async () => {
    const invited = `invited-${Math.random().toString(36).slice(2, 10)}@example.test`;
    expect((await boss.client.post("/api/team/invitations", { email: invited })).status).toBe(201);
    expect((await waiting.anonymous().post("/api/auth/request-password-reset", { email: boss.email })).status).toBe(200);

    for (const [to, livePath] of [[boss.email, "/reset-password?token="], [invited, "/invitation?token="]] as const) {
      const mail = await queuedTo(to);
      expect(mail.text, to).toContain(REDACTED_LINK);
      expect(mail.text, to).not.toContain(livePath);
      expect(mail.text, to).not.toContain("token=");
    }

    await down.start();
    const delivered = await down.waitFor((mail) => mail.to.includes(invited));
    expect(delivered.links.some((link) => link.startsWith(`${waiting.baseUrl}/invitation?token=`))).toBe(true);
    const reset = await down.waitFor((mail) => mail.to.includes(boss.email.toLowerCase()));
    expect(reset.links.some((link) => link.startsWith(`${waiting.baseUrl}/reset-password?token=`))).toBe(true);
  });
});
