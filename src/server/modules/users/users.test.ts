import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { userMessages } from "@/shared/rules/user";
import type { UserListItem } from "@/shared/schemas/user";
import { companyUsers, mailOutbox, profiles, sessions, twoFactors, userRoles } from "@/server/db/schema";
import { startTestServer, type TestUser } from "@/server/test/harness";
import { addMember, createCompany, createCustomer } from "@/server/test/fixtures";
import { captureLog } from "@/server/test/log-capture";
import { deliveredMailTo, mailedLink } from "@/server/test/mail/delivered-mail";
import { beforeAllTests } from "@/server/test/per-file";
import { streamsClosedAfterEach } from "@/server/test/realtime/test-streams";
import { expectAdminsOnly, expectFieldsRefused, expectProblem } from "@/server/test/expect-problem";
import { testServiceContext } from "@/server/test/service-context";
import { changeUserRole, deactivateUser, moveUser, reactivateUser, signOutEverywhere } from "./users.service";

const log = captureLog();
const server = beforeAllTests(() => startTestServer({ LOG_LEVEL: "info" }, { logTo: log.destination }));
afterAll(() => server.close());
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Ada Admin" }));
const acme = beforeAllTests(() => createCompany(server, "Acme Ltd"));
const globex = beforeAllTests(() => createCompany(server, "Globex"));
const { stream } = streamsClosedAfterEach();

const missingId = "00000000-0000-4000-8000-000000000000";
/** A tag no other test's names carry, so a search finds exactly this test's accounts. */
const tag = () => `t${randomUUID().slice(0, 8)}`;

const actionLine = (action: string, targetId: string) =>
  log.waitFor((line) => line.event === "admin.user_action" && line.action === action && (line.target as { id: string }).id === targetId);

async function usersMatching(q: string, extra = ""): Promise<UserListItem[]> {
  const response = await admin.client.get(`/api/users?q=${encodeURIComponent(q)}${extra}`);
  expect(response.status).toBe(200);
  return response.body.items;
}

describe("GET /api/users", () => {
  it("lists each account with role, company, company role, last sign-in, two-factor and status", async () => {
    const t = tag();
    const owner = await addMember(server, acme.id, await server.createUser({ name: `Olive ${t}` }), "owner");
    const loner = await server.createUser({ name: `Larry ${t}` });
    await server.deps.db.update(profiles).set({ twoFactorEnabled: true }).where(eq(profiles.id, loner.id));
    const staff = await server.createUser({ name: `Sam ${t}`, admin: true });

    const items = await usersMatching(t);
    expect(items.map((user) => user.name)).toEqual([`Sam ${t}`, `Larry ${t}`, `Olive ${t}`]);
    const [sam, larry, olive] = items as [UserListItem, UserListItem, UserListItem];
    expect(olive).toMatchObject({ id: owner.id, email: owner.email, role: "customer", company: { id: acme.id, name: "Acme Ltd" }, companyRole: "owner", twoFactorEnabled: false, status: "active", deactivatedAt: null });
    expect(larry).toMatchObject({ id: loner.id, role: "customer", company: null, companyRole: null, twoFactorEnabled: true, status: "active" });
    expect(sam).toMatchObject({ id: staff.id, role: "admin", company: null });
    // Each signed in when the harness made them.
    for (const user of items) expect(Date.parse(user.lastSignedInAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("finds accounts by part of the name or of the email address, case-insensitively, with % and _ taken literally", async () => {
    const t = tag();
    const byName = await server.createUser({ name: `Quentin ${t}` });
    const byEmail = await server.createUser({ email: `mail-${t}@example.test` });
    expect((await usersMatching(`QUENTIN ${t}`)).map((user) => user.id)).toEqual([byName.id]);
    expect((await usersMatching(`MAIL-${t}@`)).map((user) => user.id)).toEqual([byEmail.id]);
    expect(await usersMatching(`${t}%`)).toEqual([]);
  });

  it("pages newest first with a total, and the last page holds the rest", async () => {
    const t = tag();
    const made: TestUser[] = [];
    for (let i = 1; i <= 5; i += 1) made.push(await server.createUser({ name: `Page ${i} ${t}` }));
    const first = await admin.client.get(`/api/users?q=${t}&pageSize=2&page=1`);
    const last = await admin.client.get(`/api/users?q=${t}&pageSize=2&page=3`);
    expect(first.body).toMatchObject({ total: 5, totalExact: true, page: 1, pageSize: 2 });
    expect(first.body.items.map((user) => user.name)).toEqual([`Page 5 ${t}`, `Page 4 ${t}`]);
    expect(last.body.items.map((user) => user.name)).toEqual([`Page 1 ${t}`]);
    const oldestFirst = await admin.client.get(`/api/users?q=${t}&pageSize=2&sort=asc`);
    expect(oldestFirst.body.items.map((user) => user.id)).toEqual([made[0]!.id, made[1]!.id]);
  });

  it("counts every account in the unfiltered total", async () => {
    const response = await admin.client.get("/api/users?pageSize=1");
    expect(response.body.total).toBe(await server.deps.db.$count(profiles));
  });

  it("answers 403 to a customer, 401 to an anonymous caller, and 400 naming a bad query field", async () => {
    await expectAdminsOnly(server, "/api/users");
    const bad = await admin.client.get("/api/users?pageSize=0");
    expectFieldsRefused(bad, ["pageSize"]);
  });
});

describe("signing an account out everywhere", () => {
  it("ends every session and open event stream of the account at once, and it may sign in again", async () => {
    const customer = await createCustomer(server, acme.id);
    const otherDevice = server.anonymous();
    expect((await otherDevice.signIn(customer.email, customer.password)).status).toBe(200);
    const reader = await stream(customer);
    const held = await server.deps.db.select().from(sessions).where(eq(sessions.userId, customer.id));
    expect(held.length).toBeGreaterThanOrEqual(2);

    const response = await admin.client.post(`/api/users/${customer.id}/sign-out`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: customer.id, status: "active" });

    expect(await reader.waitForEvent("end")).toEqual({ reason: "session_ended" });
    expect((await customer.client.get("/api/me")).status).toBe(401);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect(await server.deps.db.select().from(sessions).where(eq(sessions.userId, customer.id))).toEqual([]);
    const again = server.anonymous();
    expect((await again.signIn(customer.email, customer.password)).status).toBe(200);
    expect((await again.get("/api/me")).status).toBe(200);
    expect(await actionLine("sign_out_everywhere", customer.id)).toMatchObject({ sessionsEnded: held.length });
  });

  it("refuses the acting admin's own account (the account page keeps this device), and nothing ends", async () => {
    const response = await admin.client.post(`/api/users/${admin.id}/sign-out`);
    expectProblem(response, 409, { detail: userMessages.selfSignOut });
    expect((await admin.client.get("/api/me")).status).toBe(200);
  });
});

describe("deactivating and reactivating", () => {
  it("ends the customer's sessions and open event stream at once, refuses their sign-in, and keeps their data", async () => {
    const customer = await createCustomer(server, acme.id);
    const reader = await stream(customer);

    const response = await admin.client.post(`/api/users/${customer.id}/deactivate`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: customer.id, status: "deactivated", company: { id: acme.id } });

    expect(await reader.waitForEvent("end")).toEqual({ reason: "session_ended" });
    expect((await customer.client.get("/api/me")).status).toBe(401);
    expect(await server.deps.db.select().from(sessions).where(eq(sessions.userId, customer.id))).toEqual([]);

    const signIn = await server.anonymous().post("/api/auth/sign-in/email", { email: customer.email, password: customer.password });
    expectProblem(signIn, 403, { detail: userMessages.deactivated });
    expect(await server.deps.db.select().from(sessions).where(eq(sessions.userId, customer.id))).toEqual([]);
    // Data kept: the account and its membership are still there.
    expect(await server.deps.db.select({ companyId: companyUsers.companyId }).from(companyUsers).where(eq(companyUsers.userId, customer.id))).toEqual([{ companyId: acme.id }]);

    const line = await actionLine("deactivate", customer.id);
    expect(line).toMatchObject({ level: "info", actor: { id: admin.id, email: admin.email }, target: { id: customer.id, email: customer.email } });
  });

  it("lets a reactivated account sign in again", async () => {
    const customer = await server.createUser();
    expect((await admin.client.post(`/api/users/${customer.id}/deactivate`)).status).toBe(200);
    const reactivated = await admin.client.post(`/api/users/${customer.id}/reactivate`);
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ status: "active", deactivatedAt: null });
    const client = server.anonymous();
    expect((await client.signIn(customer.email, customer.password)).status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(200);
    await actionLine("reactivate", customer.id);
  });

  it("refuses to deactivate the acting admin, and nothing changes", async () => {
    const response = await admin.client.post(`/api/users/${admin.id}/deactivate`);
    expectProblem(response, 409, { detail: userMessages.selfDeactivate });
    expect((await admin.client.get("/api/me")).status).toBe(200);
  });

  it("answers 404 for an unknown account and 400 naming a malformed id", async () => {
    const missing = await admin.client.post(`/api/users/${missingId}/deactivate`);
    expectProblem(missing, 404, { detail: userMessages.userNotFound });
    const malformed = await admin.client.post("/api/users/not-an-id/deactivate");
    expectFieldsRefused(malformed, ["id"]);
  });

  it("refuses a customer with 403 and leaves the target active", async () => {
    const customer = await server.createUser();
    const target = await server.createUser();
    expect((await customer.client.post(`/api/users/${target.id}/deactivate`)).status).toBe(403);
    expect((await target.client.get("/api/me")).status).toBe(200);
  });
});

describe("promoting and demoting", () => {
  it("promotes a customer without a company and ends their sessions; demotes them back", async () => {
    const customer = await server.createUser();
    const promoted = await admin.client.put(`/api/users/${customer.id}/role`, { role: "admin" });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe("admin");
    expect((await customer.client.get("/api/me")).status).toBe(401);
    await actionLine("promote", customer.id);

    const demoted = await admin.client.put(`/api/users/${customer.id}/role`, { role: "customer" });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe("customer");
    expect(await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, customer.id))).toEqual([]);
    await actionLine("demote", customer.id);
  });

  it("refuses to promote a member of a company until they are taken out of it", async () => {
    const member = await createCustomer(server, acme.id);
    const refused = await admin.client.put(`/api/users/${member.id}/role`, { role: "admin" });
    expectProblem(refused, 409, { detail: userMessages.promoteMember });
    expect(await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, member.id))).toEqual([]);
    expect((await member.client.get("/api/me")).status).toBe(200);

    expect((await admin.client.put(`/api/users/${member.id}/company`, { companyId: null })).status).toBe(200);
    expect((await admin.client.put(`/api/users/${member.id}/role`, { role: "admin" })).body.role).toBe("admin");
  });

  it("refuses the acting admin's own demotion, and they stay admin", async () => {
    const response = await admin.client.put(`/api/users/${admin.id}/role`, { role: "customer" });
    expectProblem(response, 409, { detail: userMessages.selfDemote });
    expect((await admin.client.get("/api/users?pageSize=1")).status).toBe(200);
  });

  it("answers 400 naming role for a role that does not exist", async () => {
    const customer = await server.createUser();
    const response = await admin.client.put(`/api/users/${customer.id}/role`, { role: "root" });
    expectFieldsRefused(response, ["role"]);
    expect((await admin.client.put(`/api/users/${missingId}/role`, { role: "admin" })).status).toBe(404);
  });
});

describe("moving a customer between companies", () => {
  it("moves a member to another company, where they arrive as a member", async () => {
    const customer = await createCustomer(server, acme.id);
    const response = await admin.client.put(`/api/users/${customer.id}/company`, { companyId: globex.id });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ company: { id: globex.id, name: "Globex" }, companyRole: "member" });
    const me = await customer.client.get("/api/me");
    expect(me.body).toMatchObject({ company: { id: globex.id } });
    const line = await actionLine("move_company", customer.id);
    expect(line).toMatchObject({ fromCompanyId: acme.id, toCompanyId: globex.id });
  });

  it("refuses to move the last owner of a company that has other members, and nothing changes", async () => {
    const company = await createCompany(server, "Initech");
    const owner = await addMember(server, company.id, undefined, "owner");
    await addMember(server, company.id);
    const response = await admin.client.put(`/api/users/${owner.id}/company`, { companyId: globex.id });
    expectProblem(response, 409, { detail: userMessages.lastOwner });
    const [membership] = await server.deps.db.select().from(companyUsers).where(eq(companyUsers.userId, owner.id));
    expect(membership).toMatchObject({ companyId: company.id, role: "owner" });
  });

  it("moves an owner who is alone in their company", async () => {
    const company = await createCompany(server, "Solo Inc");
    const owner = await addMember(server, company.id, undefined, "owner");
    const response = await admin.client.put(`/api/users/${owner.id}/company`, { companyId: globex.id });
    expect(response.status).toBe(200);
    expect(response.body.companyRole).toBe("member");
  });

  it("answers 400 naming companyId for a company that does not exist, 409 for an admin", async () => {
    const customer = await createCustomer(server, acme.id);
    const unknown = await admin.client.put(`/api/users/${customer.id}/company`, { companyId: missingId });
    expectFieldsRefused(unknown, ["companyId"]);
    const malformed = await admin.client.put(`/api/users/${customer.id}/company`, { companyId: "acme" });
    expect(malformed.problem.errors?.map((error) => error.field)).toEqual(["companyId"]);
    const staff = await server.createUser({ admin: true });
    const refused = await admin.client.put(`/api/users/${staff.id}/company`, { companyId: acme.id });
    expect(refused.status).toBe(409);
    expect(await server.deps.db.select().from(companyUsers).where(eq(companyUsers.userId, staff.id))).toEqual([]);
  });
});

describe("removing two-factor authentication", () => {
  async function enrolled(): Promise<TestUser> {
    const user = await server.createUser();
    await server.deps.db.insert(twoFactors).values({ userId: user.id, secret: "encrypted-secret", backupCodes: "encrypted-codes" });
    await server.deps.db.update(profiles).set({ twoFactorEnabled: true }).where(eq(profiles.id, user.id));
    return user;
  }

  it("refuses without the confirmation that the person's identity was verified, and nothing changes", async () => {
    const user = await enrolled();
    const response = await admin.client.post(`/api/users/${user.id}/remove-two-factor`, {});
    expectFieldsRefused(response, ["identityVerified"]);
    expect(await server.deps.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(1);
  });

  it("deletes the account's two-factor secret and turns the flag off, logged; a second time is a conflict", async () => {
    const user = await enrolled();
    const response = await admin.client.post(`/api/users/${user.id}/remove-two-factor`, { identityVerified: true });
    expect(response.status).toBe(200);
    expect(response.body.twoFactorEnabled).toBe(false);
    expect(await server.deps.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toEqual([]);
    await actionLine("remove_two_factor", user.id);
    const again = await admin.client.post(`/api/users/${user.id}/remove-two-factor`, { identityVerified: true });
    expectProblem(again, 409, { detail: userMessages.twoFactorOff });
  });

  it("refuses to remove the acting admin's own", async () => {
    const response = await admin.client.post(`/api/users/${admin.id}/remove-two-factor`, { identityVerified: true });
    expectProblem(response, 409, { detail: userMessages.selfTwoFactor });
  });
});

describe("the changed account's cached sessions", () => {
  it("are forgotten in this process as a move, a sign-out everywhere, a deactivation, a reactivation or a role change returns, without waiting for the trigger's notice", async () => {
    const customer = await createCustomer(server, acme.id);
    const forgotten: string[] = [];
    const ctx = {
      ...testServiceContext(server, { userId: admin.id, email: admin.email, name: admin.name, role: "admin", companyId: null, companyRole: null, sessionId: "test", twoFactorEnabled: false }),
      forgetActor: (userId: string) => void forgotten.push(userId),
    };
    await moveUser(ctx, { id: customer.id, companyId: globex.id });
    await signOutEverywhere(ctx, { id: customer.id });
    await deactivateUser(ctx, { id: customer.id });
    await reactivateUser(ctx, { id: customer.id });
    await moveUser(ctx, { id: customer.id, companyId: null });
    await changeUserRole(ctx, { id: customer.id, role: "admin" });
    expect(forgotten).toEqual(Array.from({ length: 6 }, () => customer.id));
  });
});

describe("sending a password-reset mail", () => {
  it("queues Better Auth's reset link for the account in the outbox", async () => {
    const user = await server.createUser();
    const response = await admin.client.post(`/api/users/${user.id}/password-reset`);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ queued: true, email: user.email });
    const mail = await deliveredMailTo(server.deps.db, log, user.email, "password-reset");
    const link = mailedLink(mail, "/reset-password");
    expect(link.origin).toBe(server.baseUrl);
    expect(link.searchParams.get("token")).toBeTruthy();
    await actionLine("password_reset", user.id);
  });

  it("refuses a deactivated account with 409 and queues nothing", async () => {
    const user = await server.createUser();
    await admin.client.post(`/api/users/${user.id}/deactivate`);
    const response = await admin.client.post(`/api/users/${user.id}/password-reset`);
    expect(response.status).toBe(409);
    expect(await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email))).toEqual([]);
    expect((await admin.client.post(`/api/users/${missingId}/password-reset`)).status).toBe(404);
  });
});
