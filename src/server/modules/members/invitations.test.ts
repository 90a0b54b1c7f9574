import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberMessages } from "@/shared/rules/member";
import type { InvitationPreview } from "@/shared/schemas/member";
import { companyUsers, invitations, mailOutbox, profiles } from "@/server/db/schema";
import { addMember, createCompany } from "@/server/test/fixtures";
import { startTestServer, type TestServer } from "@/server/test/harness";
import { deliveredMailTo, mailedLink } from "@/server/test/mail/delivered-mail";
import { startSmtpInbox } from "@/server/test/mail/smtp-inbox";
import { beforeAllTests } from "@/server/test/per-file";
import { type TestClient, type TestResponse } from "@/server/test/test-client";
import { hashInvitationToken } from "./invitation-token";

/** Where the invitations go, read as the invitee would: the outbox keeps no text once a mail is sent. */
const inbox = beforeAllTests(() => startSmtpInbox());
const server = beforeAllTests(() => startTestServer({ SMTP_URL: inbox.url }));
afterAll(async () => {
  await server.close();
  await inbox.stop();
});

async function ownedCompany(name = "Acme Ltd") {
  const company = await createCompany(server, name);
  const owner = await addMember(server, company.id, await server.createUser({ name: "Olive Owner" }), "owner");
  return { company, owner };
}

/** The token of the newest invitation mailed to `email`, read from the link in the mail as it arrived. */
async function mailedToken(email: string, on: TestServer = server): Promise<string> {
  return mailedLink(await deliveredMailTo(on.deps.db, inbox, email), "/invitation").searchParams.get("token")!;
}

const newAddress = () => `invitee-${crypto.randomUUID().slice(0, 8)}@example.test`;

/** A new company whose owner invited a new address as `role`, and the token of the link mailed there. */
async function invitedNewcomer(role: "member" | "owner" = "member") {
  const { company, owner } = await ownedCompany();
  const email = newAddress();
  await owner.client.post(`/api/companies/${company.id}/invitations`, { email, role });
  return { company, owner, email, token: await mailedToken(email) };
}

/** Refused as a link that no longer (or never did) stand for a pending invitation. */
function expectInvitationInvalid(response: TestResponse) {
  expect(response.status).toBe(400);
  expect(response.problem.errors).toEqual([{ field: "token", message: memberMessages.invitationInvalid }]);
}
const signUpInvited = (client: TestClient, email: string, token: string, name = "Ivy Invitee") =>
  client.post("/api/auth/sign-up/email", { name, email, password: "invited-password-1", invitationToken: token });
const companyOf = async (userId: string) => (await server.deps.db.select().from(companyUsers).where(eq(companyUsers.userId, userId)))[0];

describe("inviting a colleague", () => {
  it("mails a link whose token is stored only as a hash, and lists the invitation as pending", async () => {
    const { company, owner } = await ownedCompany();
    const email = newAddress();
    const invited = await owner.client.post(`/api/companies/${company.id}/invitations`, { email: email.toUpperCase(), role: "member" });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, companyRole: "member", invitedBy: "Olive Owner", expired: false });
    const days = (Date.parse(invited.body.expiresAt) - Date.parse(invited.body.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const token = await mailedToken(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await server.deps.db.select().from(invitations).where(eq(invitations.id, invited.body.id));
    expect(row!.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const [mail] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail!.subject).toBe("You're invited to join Acme Ltd on Portico");

    const team = await owner.client.get(`/api/companies/${company.id}/team`);
    expect(team.body.invitations.map((i) => i.email)).toEqual([email]);
  });

  it("answers 409 for an address already a member or already invited, and 400 naming a bad address", async () => {
    const { company, owner } = await ownedCompany();
    const member = await addMember(server, company.id);
    const again = await owner.client.post(`/api/companies/${company.id}/invitations`, { email: member.email, role: "member" });
    expect(again.status).toBe(409);
    expect(again.problem.detail).toBe(memberMessages.alreadyMember);

    const email = newAddress();
    expect((await owner.client.post(`/api/companies/${company.id}/invitations`, { email, role: "member" })).status).toBe(201);
    const twice = await owner.client.post(`/api/companies/${company.id}/invitations`, { email, role: "owner" });
    expect(twice.status).toBe(409);
    expect(twice.problem.detail).toBe(memberMessages.alreadyInvited);

    const bad = await owner.client.post(`/api/companies/${company.id}/invitations`, { email: "not-an-address", role: "member" });
    expect(bad.status).toBe(400);
    expect(bad.problem.errors?.map((e) => e.field)).toEqual(["email"]);
    expect((await owner.client.get(`/api/companies/${company.id}/team`)).body.invitations).toHaveLength(1);
  });

  it("refuses a plain member (403) and another company's owner (404), queuing no mail", async () => {
    const { company } = await ownedCompany();
    const member = await addMember(server, company.id);
    const other = await ownedCompany("Globex");
    const email = newAddress();
    expect((await member.client.post(`/api/companies/${company.id}/invitations`, { email, role: "member" })).status).toBe(403);
    expect((await other.owner.client.post(`/api/companies/${company.id}/invitations`, { email, role: "member" })).status).toBe(404);
    expect(await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toEqual([]);
  });
});

describe("following an invitation link", () => {
  it("previews the invitation for the link's holder only; a made-up or malformed token is a 400 naming token", async () => {
    const { company, email, token } = await invitedNewcomer("owner");
    const preview = await server.anonymous().post("/api/invitations/preview", { token });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ email, company: { id: company.id, name: "Acme Ltd" }, companyRole: "owner", invitedBy: "Olive Owner", accountExists: false });

    for (const madeUp of ["A".repeat(43), "short"]) {
      expectInvitationInvalid(await server.anonymous().post("/api/invitations/preview", { token: madeUp }));
    }
  });

  it("signs up a newcomer into the company with the invited role, and the link works once", async () => {
    const { company, owner, email, token } = await invitedNewcomer();
    const client = server.anonymous();
    const signedUp = await signUpInvited(client, email, token);
    expect(signedUp.status).toBe(200);
    expect((await client.get("/api/me")).body.company).toEqual({ id: company.id, name: "Acme Ltd", role: "member" });
    expect((await client.get("/api/companies/mine")).body.company?.id).toBe(company.id);

    expect((await server.anonymous().post("/api/invitations/preview", { token })).status).toBe(400);
    const reused = await signUpInvited(server.anonymous(), newAddress(), token);
    expect(reused.status).toBe(400);
    expect((await owner.client.get(`/api/companies/${company.id}/team`)).body.invitations).toEqual([]);
  });

  it("refuses the used link to a member the owner removed, in the old session, a new sign-in and a new sign-up alike", async () => {
    const { company, owner, email, token } = await invitedNewcomer();
    const client = server.anonymous();
    expect((await signUpInvited(client, email, token)).status).toBe(200);
    const { id } = (await client.get("/api/me")).body;
    expect((await companyOf(id))?.companyId).toBe(company.id);
    expect((await owner.client.delete(`/api/companies/${company.id}/members/${id}`)).status).toBe(204);
    expect(await companyOf(id)).toBeUndefined();

    expectInvitationInvalid(await client.post("/api/invitations/accept", { token }));
    expect(await companyOf(id)).toBeUndefined();

    // Accounts are not deleted in Portico, so "signing up again" is signing in again, or trying
    // the sign-up form with the same address and the old link.
    const again = server.anonymous();
    expect((await again.post("/api/auth/sign-in/email", { email, password: "invited-password-1" })).status).toBe(200);
    expectInvitationInvalid(await again.post("/api/invitations/accept", { token }));
    expectInvitationInvalid(await signUpInvited(server.anonymous(), email, token));
    expect(await companyOf(id)).toBeUndefined();
    expect((await again.get("/api/me")).body.company).toBeNull();
    expect((await owner.client.get(`/api/companies/${company.id}/team`)).body.members.map((m) => m.email)).not.toContain(email);
  });

  it("refuses a sign-up with another address than the invited one, making no account", async () => {
    const { token } = await invitedNewcomer();
    const other = newAddress();
    const refused = await signUpInvited(server.anonymous(), other, token);
    expect(refused.status).toBe(400);
    expect(refused.problem.errors).toEqual([{ field: "email", message: memberMessages.otherAddress }]);
    const client = server.anonymous();
    expect((await client.post("/api/auth/sign-in/email", { email: other, password: "invited-password-1" })).status).toBe(401);
  });

  it("lets an existing account without a company accept while signed in", async () => {
    const { company, owner } = await ownedCompany();
    const user = await server.createUser();
    await owner.client.post(`/api/companies/${company.id}/invitations`, { email: user.email, role: "member" });
    const token = await mailedToken(user.email);
    const preview = (await server.anonymous().post("/api/invitations/preview", { token })).body as InvitationPreview;
    expect(preview.accountExists).toBe(true);
    const accepted = await user.client.post("/api/invitations/accept", { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ company: { id: company.id, name: "Acme Ltd" }, signInAgain: false });
    expect((await user.client.get("/api/me")).body.company?.id).toBe(company.id);
  });

  it("tells a member of another company so and does not move them; another address is refused too", async () => {
    const { company, owner } = await ownedCompany();
    const elsewhere = await ownedCompany("Globex");
    const member = await addMember(server, elsewhere.company.id);
    await owner.client.post(`/api/companies/${company.id}/invitations`, { email: member.email, role: "member" });
    const token = await mailedToken(member.email);
    const refused = await member.client.post("/api/invitations/accept", { token });
    expect(refused.status).toBe(409);
    expect(refused.problem.detail).toBe(memberMessages.otherCompany);
    expect((await companyOf(member.id))?.companyId).toBe(elsewhere.company.id);

    const stranger = await server.createUser();
    const wrongAccount = await stranger.client.post("/api/invitations/accept", { token });
    expect(wrongAccount.status).toBe(409);
    expect(wrongAccount.problem.detail).toBe(memberMessages.otherAddress);
    expect(await companyOf(stranger.id)).toBeUndefined();
    // Refusals used nothing up: the invitation is still pending.
    expect((await server.anonymous().post("/api/invitations/preview", { token })).status).toBe(200);
  });

  it("stops an expired, a revoked and a resent invitation's old link; the resent link works", async () => {
    const { company, owner } = await ownedCompany();
    const [expiring, revoked, resent] = [newAddress(), newAddress(), newAddress()];
    const ids: Record<string, string> = {};
    for (const email of [expiring, revoked, resent]) ids[email] = (await owner.client.post(`/api/companies/${company.id}/invitations`, { email, role: "member" })).body.id;
    const tokens = { expiring: await mailedToken(expiring), revoked: await mailedToken(revoked), resent: await mailedToken(resent) };

    await server.deps.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, ids[expiring]!));
    expect((await owner.client.delete(`/api/invitations/${ids[revoked]}`)).status).toBe(204);
    const renewed = await owner.client.post(`/api/invitations/${ids[resent]}/resend`);
    expect(renewed.status).toBe(200);
    const newToken = await mailedToken(resent);
    expect(newToken).not.toBe(tokens.resent);

    for (const token of Object.values(tokens)) expect((await server.anonymous().post("/api/invitations/preview", { token })).status).toBe(400);
    expect((await server.anonymous().post("/api/invitations/preview", { token: newToken })).status).toBe(200);
    const team = await owner.client.get(`/api/companies/${company.id}/team`);
    expect(team.body.invitations.map((i) => [i.email, i.expired]).sort()).toEqual([[expiring, true], [resent, false]].sort());
  });

  it("lets only the company's owners and admins resend or revoke: a member gets 403, another company 404", async () => {
    const { company, owner } = await ownedCompany();
    const member = await addMember(server, company.id);
    const other = await ownedCompany("Globex");
    const id = (await owner.client.post(`/api/companies/${company.id}/invitations`, { email: newAddress(), role: "member" })).body.id;
    expect((await member.client.delete(`/api/invitations/${id}`)).status).toBe(403);
    expect((await other.owner.client.delete(`/api/invitations/${id}`)).status).toBe(404);
    expect((await other.owner.client.post(`/api/invitations/${id}/resend`)).status).toBe(404);
    expect((await owner.client.get(`/api/companies/${company.id}/team`)).body.invitations).toHaveLength(1);
  });

  it("limits invitation lookups per client address", async () => {
    const client = server.anonymous();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await client.post("/api/invitations/preview", { token: "B".repeat(43) })).status);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("invitations to the provider's team", () => {
  it("signs the invited person up as an admin, signed in", async () => {
    const admin = await server.createUser({ admin: true, name: "Ada Admin" });
    const email = newAddress();
    const invited = await admin.client.post("/api/team/invitations", { email });
    expect(invited.status).toBe(201);
    expect(invited.body.companyRole).toBeNull();
    expect((await admin.client.get("/api/team/invitations")).body.map((i) => i.email)).toContain(email);
    const token = await mailedToken(email);
    const preview = await server.anonymous().post("/api/invitations/preview", { token });
    expect(preview.body).toMatchObject({ company: null, invitedBy: "Ada Admin" });

    const client = server.anonymous();
    expect((await signUpInvited(client, email, token)).status).toBe(200);
    expect((await client.get("/api/me")).body.role).toBe("admin");
    expect((await admin.client.get("/api/team")).body.map((m) => m.email)).toContain(email);
  });

  it("is the admins' alone, and refuses an address that is already an admin", async () => {
    const admin = await server.createUser({ admin: true });
    const { owner } = await ownedCompany();
    expect((await owner.client.post("/api/team/invitations", { email: newAddress() })).status).toBe(403);
    expect((await owner.client.get("/api/team/invitations")).status).toBe(403);
    const again = await admin.client.post("/api/team/invitations", { email: admin.email });
    expect(again.status).toBe(409);
    expect(again.problem.detail).toBe(memberMessages.alreadyAdmin);
  });

  it("refuses a customer with a company, who stays a customer", async () => {
    const admin = await server.createUser({ admin: true });
    const { owner } = await ownedCompany();
    await admin.client.post("/api/team/invitations", { email: owner.email });
    const refused = await owner.client.post("/api/invitations/accept", { token: await mailedToken(owner.email) });
    expect(refused.status).toBe(409);
    expect(refused.problem.detail).toBe(memberMessages.adminHasCompany);
    expect((await owner.client.get("/api/me")).body.role).toBe("customer");
  });
});

describe("SIGNUP_MODE=invite", () => {
  let closed: TestServer;
  beforeAll(async () => {
    closed = await startTestServer({ SIGNUP_MODE: "invite", SMTP_URL: inbox.url });
  });
  afterAll(() => closed?.close());

  it("refuses sign-up without an invitation, says so in the policy, and signs up the invited", async () => {
    expect((await closed.anonymous().get("/api/signup-policy")).body).toEqual({ mode: "invite" });
    expect((await server.anonymous().get("/api/signup-policy")).body).toEqual({ mode: "open" });
    const email = newAddress();
    const refused = await closed.anonymous().post("/api/auth/sign-up/email", { name: "Walk In", email, password: "walk-in-password-1" });
    expect(refused.status).toBe(403);
    expect(refused.problem.detail).toBe(memberMessages.signupByInvitation);

    const company = await createCompany(closed, "Invite Only Ltd");
    const admin = await closed.createUser({ admin: true });
    expect((await admin.client.post(`/api/companies/${company.id}/invitations`, { email, role: "owner" })).status).toBe(201);
    const token = await mailedToken(email, closed);
    const client = closed.anonymous();
    expect((await client.post("/api/auth/sign-up/email", { name: "Walk In", email, password: "walk-in-password-1", invitationToken: token })).status).toBe(200);
    expect((await client.get("/api/me")).body.company).toEqual({ id: company.id, name: "Invite Only Ltd", role: "owner" });
  });
});

describe("the invitation mail's language", () => {
  const lastMailTo = (email: string) => deliveredMailTo(server.deps.db, inbox, email);

  it("is the inviter's, the invitee having no language of their own yet, and the link works whatever the language", async () => {
    const { company, owner } = await ownedCompany("Beispiel GmbH");
    await server.deps.db.update(profiles).set({ locale: "de" }).where(eq(profiles.id, owner.id));
    const email = newAddress();
    expect((await owner.client.post(`/api/companies/${company.id}/invitations`, { email, role: "member" })).status).toBe(201);
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe("Sie sind eingeladen, Beispiel GmbH auf Portico beizutreten");
    expect(mail.html).toContain('lang="de"');
    expect(mail.text).toContain("Olive Owner hat Sie eingeladen, Beispiel GmbH auf Portico beizutreten.");
    expect(mail.text).toContain("Der Link funktioniert einmal, 7 Tage lang.");
    expect(mail.text).not.toMatch(/\b(Hello|invited you|Accept the invitation|If the button)\b/);
    const token = await mailedToken(email);
    expect((await server.anonymous().post("/api/invitations/preview", { token })).status).toBe(200);

    // A colleague who reads English resends it: the new mail is in theirs.
    const colleague = await addMember(server, company.id, await server.createUser({ name: "Otto Owner" }), "owner");
    await server.deps.db.update(profiles).set({ locale: null, browserLocale: "en" }).where(eq(profiles.id, colleague.id));
    const [invitation] = await server.deps.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.email, email));
    expect((await colleague.client.post(`/api/invitations/${invitation!.id}/resend`)).status).toBe(200);
    expect((await lastMailTo(email)).subject).toBe("You're invited to join Beispiel GmbH on Portico");
  });

  it("invites to the provider's team in the inviting admin's browser language", async () => {
    const admin = await server.createUser({ admin: true, name: "Ada Admin" });
    await server.deps.db.update(profiles).set({ browserLocale: "de" }).where(eq(profiles.id, admin.id));
    const email = newAddress();
    expect((await admin.client.post("/api/team/invitations", { email })).status).toBe(201);
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe("Sie sind eingeladen, dem Team von Portico beizutreten");
    expect(mail.text).toContain("Ada Admin hat Sie eingeladen, dem Team von Portico beizutreten.");
  });
});
