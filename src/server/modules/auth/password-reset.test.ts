import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_REQUESTED } from "@/shared/rules/auth";
import { accounts, mailOutbox, profiles, verifications } from "../../db/schema";
import { startTestServer, type TestServer } from "../../test/harness";
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from "../../test/mail/smtp-inbox";
import { TestClient, type TestResponse } from "../../test/test-client";
import { passwordProblemMessages } from "../../password-policy";
import { RESET_REQUEST_ANSWER_MS, RESET_REQUESTS_PER_ADDRESS } from "./password-reset-limit";
import { expectFieldRefused } from "@/server/test/expect-problem";

let inbox: SmtpInbox;
let server: TestServer;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ SMTP_URL: inbox.url }, { retry: { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 50 } });
});
afterAll(async () => {
  await server?.close();
  await inbox?.stop();
});

const requestReset = (email: string, client = server.anonymous()) => client.post("/api/auth/request-password-reset", { email });
const resetLinkIn = (mail: ReceivedMail) => new URL(mail.links.find((link) => link.includes("/reset-password?token="))!);
const tokenIn = (mail: ReceivedMail) => resetLinkIn(mail).searchParams.get("token")!;
const mailTo = (email: string) => inbox.waitFor((mail) => mail.to.includes(email.toLowerCase()));
const queuedFor = (email: string) => server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const resetPassword = (token: string, newPassword: string) => server.anonymous().post("/api/auth/reset-password", { token, newPassword });
const signIn = (email: string, password: string) => server.anonymous().post("/api/auth/sign-in/email", { email, password });

/** A new user who asked for a reset, and the token of the link mailed to them. */
async function userWithResetLink() {
  const user = await server.createUser();
  await requestReset(user.email);
  return { user, token: tokenIn(await mailTo(user.email)) };
}

/** A reset that came too late: refused naming the token, and the password it would have replaced still signs in. */
async function expectLinkRefused(late: TestResponse, user: { email: string; password: string }) {
  expectFieldRefused(late, "token");
  expect((await signIn(user.email, user.password)).status).toBe(200);
}

describe("asking for a password reset", () => {
  it("answers the same for an address with an account and one without, and mails a link only to the account", async () => {
    const user = await server.createUser();
    const stranger = `nobody-${Date.now()}@example.test`;
    const forUser = await requestReset(user.email);
    const forStranger = await requestReset(stranger);
    expect(forUser.status).toBe(200);
    expect(forStranger.status).toBe(200);
    expect(forStranger.body).toEqual(forUser.body);
    expect(forUser.body).toEqual({ status: true, message: RESET_REQUESTED });
    expect(forUser.headers.get("set-cookie")).toBeNull();
    expect(forStranger.headers.get("set-cookie")).toBeNull();

    const mail = await mailTo(user.email);
    expect(mail.subject).toBe("Reset your Portico password");
    expect(resetLinkIn(mail).origin + resetLinkIn(mail).pathname).toBe(`${server.baseUrl}/reset-password`);
    expect(mail.html).toContain(resetLinkIn(mail).href.replaceAll("&", "&amp;"));
    expect(await queuedFor(stranger)).toEqual([]);
  });

  it("mails no link to a deactivated account, and answers as for an address without one", async () => {
    const user = await server.createUser();
    await server.deps.db.update(profiles).set({ deactivatedAt: new Date() }).where(eq(profiles.id, user.id));
    const answer = await requestReset(user.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: true, message: RESET_REQUESTED });
    // The signal that the request was handled to its end: a later request for another account is queued.
    const other = await server.createUser();
    await requestReset(other.email);
    await mailTo(other.email);
    expect(await queuedFor(user.email)).toEqual([]);
  });

  it("takes at least the same fixed time to answer whether or not the address has an account", async () => {
    const user = await server.createUser();
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await requestReset(email)).status).toBe(200);
      return performance.now() - started;
    };
    expect(await timed(user.email)).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS);
    expect(await timed(`nobody-${Date.now()}@example.test`)).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS);
    await mailTo(user.email);
  });

  it("refuses a malformed address with a 400 naming the email field, and queues nothing", async () => {
    const before = await server.deps.db.select().from(mailOutbox);
    for (const email of ["not-an-email", "", "a@b", `${"x".repeat(250)}@example.test`, 42]) {
      const response = await server.anonymous().post("/api/auth/request-password-reset", { email });
      expect(response.status, String(email)).toBe(400);
      expect(response.problem.errors).toEqual([{ field: "email", message: "Enter a valid email address" }]);
    }
    expect(await server.deps.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it(`sends at most ${RESET_REQUESTS_PER_ADDRESS} links an hour to one address, and limits an address without an account alike`, async () => {
    const user = await server.createUser();
    const stranger = `nobody-${Date.now()}@example.test`;
    for (const email of [user.email, stranger]) {
      const statuses: number[] = [];
      // A new client address each time: this is the per-address limit, not Better Auth's per-client one.
      for (let i = 0; i <= RESET_REQUESTS_PER_ADDRESS; i++) statuses.push((await requestReset(email)).status);
      expect(statuses, email).toEqual([...Array(RESET_REQUESTS_PER_ADDRESS).fill(200), 429]);
    }
    const refused = await requestReset(user.email);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await queuedFor(user.email)).toHaveLength(RESET_REQUESTS_PER_ADDRESS);
  });

  it("keeps the link while the SMTP server is down and delivers it exactly once when the server is back", async () => {
    const user = await server.createUser();
    await inbox.stop();
    try {
      expect((await requestReset(user.email)).status).toBe(200);
      // A refused attempt proves the mail waited for the server instead of beating its stop.
      await expect.poll(async () => (await queuedFor(user.email))[0]?.lastError ?? "", { timeout: 10_000 }).toMatch(/ECONNREFUSED/);
    } finally {
      await inbox.start();
    }
    const mail = await mailTo(user.email);
    const marker = await server.createUser();
    await requestReset(marker.email);
    await mailTo(marker.email);
    expect(inbox.to(user.email)).toEqual([mail]);
    const [row] = await queuedFor(user.email);
    expect(row).toMatchObject({ status: "sent" });
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
  });
});

describe("following the mailed link", () => {
  it("sets the new password once, ends every session of the user, and only the new password signs in", async () => {
    const user = await server.createUser();
    const otherDevice = new TestClient(server.baseUrl, server.anonymous().ip);
    await otherDevice.signIn(user.email, user.password);
    await requestReset(user.email);
    const token = tokenIn(await mailTo(user.email));

    const reset = await resetPassword(token, "brand-new-pass");
    expect(reset.status).toBe(200);
    expect((await user.client.get("/api/me")).status).toBe(401);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    const oldPassword = await signIn(user.email, user.password);
    expect(oldPassword.status).toBe(401);
    const newPassword = await signIn(user.email, "brand-new-pass");
    expect(newPassword.status).toBe(200);

    const again = await resetPassword(token, "third-password");
    expect(again.status).toBe(400);
    expect(again.problem.errors).toEqual([{ field: "token", message: "This reset link is invalid, already used or expired. Ask for a new one." }]);
    expect((await signIn(user.email, "third-password")).status).toBe(401);
  });

  it("ends every other link of the user once one has reset the password: the older link is refused", async () => {
    const { user, token: first } = await userWithResetLink();
    await requestReset(user.email);
    const second = tokenIn(await inbox.waitFor((mail) => mail.to.includes(user.email) && tokenIn(mail) !== first));

    expect((await resetPassword(second, "second-link-pass")).status).toBe(200);
    const older = await resetPassword(first, "first-link-pass");
    expect(older.status).toBe(400);
    expect(older.problem.errors).toEqual([{ field: "token", message: "This reset link is invalid, already used or expired. Ask for a new one." }]);
    expect((await signIn(user.email, "second-link-pass")).status).toBe(200);
  });

  it("ends the user's links when they sign in with their password: the owner remembered it", async () => {
    const { user, token } = await userWithResetLink();
    expect((await signIn(user.email, user.password)).status).toBe(200);

    const late = await resetPassword(token, "after-sign-in-pass");
    await expectLinkRefused(late, user);
  });

  it("works for one hour", async () => {
    const { user, token } = await userWithResetLink();
    const [stored] = await server.deps.db.select().from(verifications).where(like(verifications.identifier, `reset-password:${token}`));
    const lifetimeMs = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(lifetimeMs - 60 * 60 * 1000)).toBeLessThan(5_000);

    // An hour later (the stored expiry moved into the past), the link no longer works.
    await server.deps.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.id, stored!.id));
    const late = await resetPassword(token, "too-late-pass");
    await expectLinkRefused(late, user);
  });

  it("refuses a short new password with a 400 naming newPassword, and the link still works afterwards", async () => {
    const { user, token } = await userWithResetLink();
    const short = await resetPassword(token, "12345");
    expect(short.status).toBe(400);
    expect(short.problem.errors).toEqual([{ field: "newPassword", message: "Password must be at least 6 characters" }]);
    expect((await user.client.get("/api/me")).status).toBe(200);
    expect((await resetPassword(token, "long-enough")).status).toBe(200);
  });

  it("refuses a common password as the new one with a 400 naming newPassword, and the link still works afterwards", async () => {
    const { user, token } = await userWithResetLink();
    const storedHash = async () => (await server.deps.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, user.id)))[0]!.password;
    const before = await storedHash();
    const common = await resetPassword(token, "iloveyou2");
    expect(common.status).toBe(400);
    expect(common.problem.errors).toEqual([{ field: "newPassword", message: passwordProblemMessages.common }]);
    // The password is as it was (a sign-in would prove it too, but would also end the link).
    expect(await storedHash()).toBe(before);
    expect((await resetPassword(token, "uncommon-choice-7")).status).toBe(200);
  });

  it("refuses a made-up token with a 400 naming the token field", async () => {
    for (const token of ["made-up-token", "", "x".repeat(5000)]) {
      const response = await resetPassword(token, "whatever-1");
      expect(response.status, token.slice(0, 20)).toBe(400);
      expect(response.problem.errors![0]!.field).toBe("token");
    }
  });
});

describe("the reset mail's language", () => {
  const withLanguages = async (languages: { locale: "en" | "de" | null; browserLocale: "en" | "de" | null }) => {
    const user = await server.createUser({ name: "Erika Mustermann" });
    await server.deps.db.update(profiles).set(languages).where(eq(profiles.id, user.id));
    expect((await requestReset(user.email)).status).toBe(200);
    return mailTo(user.email);
  };

  it("is German for a user who picked German, with a working link", async () => {
    const mail = await withLanguages({ locale: "de", browserLocale: "en" });
    expect(mail.subject).toBe("Ihr Passwort für Portico zurücksetzen");
    expect(mail.html).toContain('lang="de"');
    expect(mail.text).toContain("Hallo Erika Mustermann,");
    expect(mail.text).toContain("Der Link funktioniert einmal, 60 Minuten lang.");
    expect(mail.text).not.toMatch(/\b(Hello|Reset your|Choose a new password|If the button)\b/);
    const link = resetLinkIn(mail);
    expect(link.origin + link.pathname).toBe(`${server.baseUrl}/reset-password`);
    const reset = await resetPassword(tokenIn(mail), "neues-passwort-42");
    expect(reset.status).toBe(200);
  });

  it("is German for a user who picked none while their browser asked for German", async () => {
    const mail = await withLanguages({ locale: null, browserLocale: "de" });
    expect(mail.subject).toBe("Ihr Passwort für Portico zurücksetzen");
    expect(mail.html).toContain('lang="de"');
  });

  it("is English for a user who picked English over their browser's German, and for one with no language known", async () => {
    expect((await withLanguages({ locale: "en", browserLocale: "de" })).subject).toBe("Reset your Portico password");
    const unknown = await withLanguages({ locale: null, browserLocale: null });
    expect(unknown.subject).toBe("Reset your Portico password");
    expect(unknown.html).toContain('lang="en"');
  });
});
