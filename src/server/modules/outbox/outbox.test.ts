import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, type TestUser } from "../../test/harness";
import { startSmtpInbox, type SmtpInbox } from "../../test/mail/smtp-inbox";

let inbox: SmtpInbox;
let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ SMTP_URL: inbox.url });
  admin = await server.createUser({ admin: true });
});
afterAll(async () => {
  await server?.close();
  await inbox?.stop();
});

const address = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@example.test`;
const queue = (to: string) =>
  server.deps.mail.outbox.enqueue(server.deps.db, { template: "password-reset", to, locale: "en", props: { name: "Ada", url: `${server.baseUrl}/reset-password?token=t0ken`, validForMinutes: 60 } });
const outboxFor = async (to: string) => (await admin.client.get(`/api/outbox?q=${encodeURIComponent(to)}`)).body;

describe("the admin outbox", () => {
  it("shows each mail with its delivery state, newest first, and keeps no text once an SMTP server took it", async () => {
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
    expect(ours[0]!).toMatchObject({ template: "password-reset", subject: "Reset your Portico password", status: "sent", attempts: 1, lastError: null, text: null, nextAttemptAt: null });
    expect(ours[0]!.finishedAt).not.toBeNull();
  });

  it("shows mail the SMTP server refused for good as failed, with the server's answer", async () => {
    const refused = address("refused");
    inbox.refuse(refused);
    await queue(refused);
    await expect.poll(async () => (await outboxFor(refused)).items[0]?.status).toBe("failed");
    const [mail] = (await outboxFor(refused)).items;
    expect(mail!.lastError).toMatch(/^550 5\.1\.1 Mailbox unavailable/);
    expect((await admin.client.get("/api/outbox?status=failed")).body.items.map((m: { to: string }) => m.to)).toContain(refused);
    expect((await admin.client.get("/api/outbox?status=sent")).body.items.map((m: { to: string }) => m.to)).not.toContain(refused);
  });

  it("refuses a status it does not know with a 400 naming the field", async () => {
    const response = await admin.client.get("/api/outbox?status=lost");
    expect(response.status).toBe(400);
    expect(response.problem.errors![0]!.field).toBe("status");
  });

  it("is the admins' alone: customers get 403 and strangers 401", async () => {
    const customer = await server.createUser();
    expect((await customer.client.get("/api/outbox")).status).toBe(403);
    expect((await server.anonymous().get("/api/outbox")).status).toBe(401);
  });
});

describe("the admin outbox without SMTP_URL", () => {
  it("keeps the text, links and all, of mail that was only printed to the log", async () => {
    const laptop = await startTestServer();
    try {
      const boss = await laptop.createUser({ admin: true });
      const to = address("laptop");
      await laptop.deps.mail.outbox.enqueue(laptop.deps.db, { template: "password-reset", to, locale: "en", props: { name: "Ada", url: `${laptop.baseUrl}/reset-password?token=abc`, validForMinutes: 60 } });
      const listed = async () => (await boss.client.get(`/api/outbox?q=${encodeURIComponent(to)}`)).body.items[0];
      await expect.poll(async () => (await listed())?.status).toBe("logged");
      expect((await listed())!.text).toContain(`${laptop.baseUrl}/reset-password?token=abc`);
    } finally {
      await laptop.close();
    }
  });
});
