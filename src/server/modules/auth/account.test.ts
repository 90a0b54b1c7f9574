import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, profiles } from "../../db/schema";
import { passwordProblemMessages } from "../../password-policy";
import { confirm, confirmTokenIn, newAddress } from "../../test/mail/email-confirmation";
import { TestClient } from "../../test/test-client";
import { serverWithInboxForFile } from "../../test/per-file";
import { expectFieldRefused } from "@/server/test/expect-problem";

const { server, inbox } = serverWithInboxForFile();

const storedEmail = async (id: string) => (await server.deps.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, id)))[0]!.email;

describe("changing the name", () => {
  it("saves the trimmed name and nothing else the body carries", async () => {
    const user = await server.createUser();
    const response = await user.client.post("/api/auth/update-user", { name: "  Ada Byron  ", email: "taken-over@example.test", image: "https://evil.test/x.png" });
    expect(response.status).toBe(200);
    expect((await user.client.get("/api/me")).body).toMatchObject({ name: "Ada Byron", email: user.email });
    const [row] = await server.deps.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row).toMatchObject({ fullName: "Ada Byron", email: user.email, image: null });
  });

  it("refuses a blank or too long name with a 400 naming the field, and keeps the old one", async () => {
    const user = await server.createUser({ name: "Kept Name" });
    for (const name of ["   ", "x".repeat(201), "Ada\u0000", 42]) {
      const response = await user.client.post("/api/auth/update-user", { name });
      expectFieldRefused(response, "name");
    }
    expect((await user.client.get("/api/me")).body.name).toBe("Kept Name");
  });

  it("needs a session", async () => {
    expect((await server.anonymous().post("/api/auth/update-user", { name: "Nobody" })).status).toBe(401);
  });
});

describe("changing the password", () => {
  it("needs the current password: a wrong one is a 400 naming currentPassword and changes nothing", async () => {
    const user = await server.createUser();
    const response = await user.client.post("/api/auth/change-password", { currentPassword: "not-my-password", newPassword: "another-pass-1" });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "currentPassword", message: "Current password is incorrect" }]);
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email: user.email, password: user.password })).status).toBe(200);
  });

  it("sets the new password, keeps this session as it was and ends every other one", async () => {
    const user = await server.createUser();
    const otherDevice = new TestClient(server.baseUrl, server.anonymous().ip);
    await otherDevice.signIn(user.email, user.password);
    const cookieBefore = user.client.cookieHeader;
    const response = await user.client.post("/api/auth/change-password", { currentPassword: user.password, newPassword: "changed-pass-1", revokeOtherSessions: false });
    expect(response.status).toBe(200);
    expect((response.body as { token?: string | null }).token ?? null).toBeNull();
    // The same session goes on (not a new one with a new cookie): this tab's event stream lives on.
    expect(user.client.cookieHeader).toBe(cookieBefore);
    expect((await user.client.get("/api/me")).status).toBe(200);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email: user.email, password: user.password })).status).toBe(401);
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email: user.email, password: "changed-pass-1" })).status).toBe(200);
  });

  it("refuses a new password made of the account's user name with a 400 naming newPassword, and keeps the old one", async () => {
    const user = await server.createUser();
    const userName = user.email.split("@")[0]!;
    const response = await user.client.post("/api/auth/change-password", { currentPassword: user.password, newPassword: `${userName}!2026` });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "newPassword", message: passwordProblemMessages.context }]);
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email: user.email, password: user.password })).status).toBe(200);
  });

  it("refuses a short new password with a 400 naming newPassword", async () => {
    const user = await server.createUser();
    const response = await user.client.post("/api/auth/change-password", { currentPassword: user.password, newPassword: "12345" });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "newPassword", message: "Password must be at least 6 characters" }]);
  });
});

describe("changing the email address", () => {
  it("takes effect only when the link mailed to the new address is opened by the signed-in account, once", async () => {
    const user = await server.createUser({ name: "Mover" });
    const target = newAddress("moved");
    const asked = await user.client.post("/api/auth/change-email", { newEmail: target, currentPassword: user.password, callbackURL: "https://evil.test/" });
    expect(asked.status).toBe(200);
    const mail = await inbox.waitFor((m) => m.to.includes(target));
    expect(mail.subject).toBe("Confirm your new Portico email address");
    expect(mail.text).toContain(`with ${target} from now on`);
    expect(inbox.to(user.email)).toEqual([]);
    expect(await storedEmail(user.id)).toBe(user.email);
    const token = confirmTokenIn(mail);

    // Opened without a session: refused, and nobody is signed in by it.
    const stranger = server.anonymous();
    const anonymous = await confirm(stranger, token);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("set-cookie")).toBeNull();
    // Opened by another account: refused.
    const other = await server.createUser();
    const wrongAccount = await confirm(other.client, token);
    expect(wrongAccount.status).toBe(400);
    expect(wrongAccount.problem.errors).toEqual([{ field: "token", message: expect.stringMatching(/another account/) }]);
    expect(await storedEmail(user.id)).toBe(user.email);

    const confirmed = await confirm(user.client, token);
    expect(confirmed.status).toBe(200);
    expect((await user.client.get("/api/me")).body.email).toBe(target);
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email: target, password: user.password })).status).toBe(200);
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email: user.email, password: user.password })).status).toBe(401);

    const again = await confirm(user.client, token);
    expectFieldRefused(again, "token");
  });

  it("asks for the password again: a missing or wrong one is a 400 naming currentPassword, and no mail is queued", async () => {
    const user = await server.createUser();
    const target = newAddress("takeover");
    const missing = await user.client.post("/api/auth/change-email", { newEmail: target });
    expect(missing.status).toBe(400);
    expect(missing.problem.errors).toEqual([{ field: "currentPassword", message: "Password is required" }]);
    const wrong = await user.client.post("/api/auth/change-email", { newEmail: target, currentPassword: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.problem.errors).toEqual([{ field: "currentPassword", message: "Current password is incorrect" }]);
    // The outbox row would be written inside the request: none is there once it has answered.
    expect(await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, target))).toEqual([]);
    expect((await user.client.get("/api/me")).status).toBe(200);
  });

  it("refuses the current address and a malformed one with a 400 naming newEmail", async () => {
    const user = await server.createUser();
    const same = await user.client.post("/api/auth/change-email", { newEmail: user.email, currentPassword: user.password });
    expect(same.status).toBe(400);
    expect(same.problem.errors).toEqual([{ field: "newEmail", message: "This is already your email address" }]);
    const malformed = await user.client.post("/api/auth/change-email", { newEmail: "not-an-email", currentPassword: user.password });
    expect(malformed.status).toBe(400);
    expect(malformed.problem.errors).toEqual([{ field: "newEmail", message: "Enter a valid email address" }]);
  });

  it("answers an address another account has like any other, and mails nothing to it", async () => {
    const user = await server.createUser();
    const owner = await server.createUser();
    expect((await user.client.post("/api/auth/change-email", { newEmail: owner.email, currentPassword: user.password })).status).toBe(200);
    // A later request's mail has arrived; one to the owner would have been queued before it.
    const marker = newAddress("marker");
    expect((await user.client.post("/api/auth/change-email", { newEmail: marker, currentPassword: user.password })).status).toBe(200);
    await inbox.waitFor((m) => m.to.includes(marker));
    expect(inbox.to(owner.email)).toEqual([]);
    expect(await storedEmail(user.id)).toBe(user.email);
  });

  it("refuses a made-up or malformed token with a 400 naming the token", async () => {
    const user = await server.createUser();
    for (const token of ["made-up", "a.b.c", "x y"]) {
      const response = await confirm(user.client, token);
      expect(response.status, token).toBe(400);
      expect(response.problem.errors![0]!.field).toBe("token");
    }
  });
});

describe("the confirmation mail's language", () => {
  it("is the user's: German for one who picked it, with the link working as in English", async () => {
    const user = await server.createUser({ name: "Umzug" });
    await server.deps.db.update(profiles).set({ locale: "de" }).where(eq(profiles.id, user.id));
    const target = newAddress("umzug");
    expect((await user.client.post("/api/auth/change-email", { newEmail: target, currentPassword: user.password })).status).toBe(200);
    const mail = await inbox.waitFor((m) => m.to.includes(target));
    expect(mail.subject).toBe("Bestätigen Sie Ihre neue E-Mail-Adresse für Portico");
    expect(mail.html).toContain('lang="de"');
    expect(mail.text).toContain(`Sie möchten sich ab jetzt mit ${target} bei Portico anmelden.`);
    expect((await confirm(user.client, confirmTokenIn(mail))).status).toBe(200);
    expect(await storedEmail(user.id)).toBe(target);
  });
});
