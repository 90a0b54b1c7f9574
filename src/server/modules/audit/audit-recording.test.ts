import * as OTPAuth from "otpauth";
import { afterAll, describe, expect, it } from "vitest";
import { auditEvents, sessions } from "@/server/db/schema";
import { addMember, createCompany, customerWithCompany, invoiceBody } from "@/server/test/fixtures";
import { auditEntries, lastAuditId, testUserAgent } from "@/server/test/audit";
import { startTestServer } from "@/server/test/harness";
import { captureLog } from "@/server/test/log-capture";
import { deliveredMailTo, mailedLink } from "@/server/test/mail/delivered-mail";
import { beforeAllTests } from "@/server/test/per-file";

// Mail is printed to this log (no SMTP_URL): the mailed links are read from there.
const log = captureLog();
const server = beforeAllTests(() => startTestServer({ LOG_LEVEL: "info" }, { logTo: log.destination }));
afterAll(() => server.close());

const codeFor = (secret: string, at = Date.now()) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** The token of the newest mail to `email`, read from its `path` link as the log printed it. */
async function mailedToken(email: string, path: string): Promise<string> {
  return mailedLink(await deliveredMailTo(server.deps.db, log, email), path).searchParams.get("token")!;
}

/** Everything the suite's flows below handed out that must never reach the log. */
const secrets: string[] = [];

describe("the audit log records", () => {
  it("a failed sign-in with the address typed, then the sign-in, each with the client's address and browser", async () => {
    const since = await lastAuditId(server);
    const user = await server.createUser();
    const device = server.anonymous();
    const browser = testUserAgent("sign-in");
    expect((await device.request("POST", "/api/auth/sign-in/email", { email: user.email.toUpperCase(), password: "not-the-password-1" }, browser)).status).toBe(401);
    expect((await device.request("POST", "/api/auth/sign-in/email", { email: user.email, password: user.password }, browser)).status).toBe(200);
    secrets.push(user.password, ...device.cookieHeader.split("; ").map((pair) => decodeURIComponent(pair.split("=")[1]!.split(".")[0]!)));

    const [failed] = await auditEntries(server, "auth.sign_in_failed", since);
    expect(failed).toMatchObject({ actorId: null, actorEmail: user.email.toLowerCase(), ip: device.ip, userAgent: browser["user-agent"], details: { step: "password", reason: "INVALID_EMAIL_OR_PASSWORD" } });
    const signIns = (await auditEntries(server, "auth.sign_in", since)).filter((entry) => entry.userAgent === browser["user-agent"]);
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({ actorId: user.id, actorEmail: user.email, ip: device.ip, details: { method: "password" } });
    expect(signIns[0]!.at.getTime()).toBeGreaterThan(failed!.at.getTime() - 1);
  });

  it("no failed sign-in for a typed address with NUL characters: the address is refused (400) before anything is recorded", async () => {
    const since = await lastAuditId(server);
    const typed = `${"\u0000".repeat(40)}nul@example.test`;
    const response = await server.anonymous().post("/api/auth/sign-in/email", { email: typed, password: "whatever-pass-1" });
    expect(response.status).toBe(400);
    expect(await auditEntries(server, "auth.sign_in_failed", since)).toEqual([]);
  });

  it("a sign-out, by the account whose session it ended", async () => {
    const user = await server.createUser();
    const since = await lastAuditId(server);
    const browser = testUserAgent("sign-out");
    expect((await user.client.request("POST", "/api/auth/sign-out", {}, browser)).status).toBe(200);
    expect(await auditEntries(server, "auth.sign_out", since)).toMatchObject([{ actorId: user.id, actorEmail: user.email, ip: user.client.ip, userAgent: browser["user-agent"] }]);
  });

  it("a password reset asked for and completed, and a password changed", async () => {
    const user = await server.createUser();
    const since = await lastAuditId(server);
    const stranger = server.anonymous();
    expect((await stranger.request("POST", "/api/auth/request-password-reset", { email: user.email }, testUserAgent("reset"))).status).toBe(200);
    const token = await mailedToken(user.email, "/reset-password");
    const newPassword = "audit-reset-pass-7";
    expect((await stranger.post("/api/auth/reset-password", { token, newPassword })).status).toBe(200);
    secrets.push(token, newPassword);
    expect(await auditEntries(server, "auth.password_reset_requested", since)).toMatchObject([{ actorId: null, actorEmail: user.email, targetLabel: user.email, ip: stranger.ip }]);
    expect(await auditEntries(server, "auth.password_reset_completed", since)).toMatchObject([{ actorId: user.id, targetId: user.id, ip: stranger.ip }]);

    const device = server.anonymous();
    await device.signIn(user.email, newPassword);
    const changedTo = "audit-changed-pass-8";
    expect((await device.post("/api/auth/change-password", { currentPassword: newPassword, newPassword: changedTo })).status).toBe(200);
    secrets.push(changedTo);
    expect(await auditEntries(server, "auth.password_changed", since)).toMatchObject([{ actorId: user.id, ip: device.ip }]);
  });

  it("two-factor turned on, a sign-in with a code, a wrong code, and two-factor turned off", async () => {
    const user = await server.createUser();
    const since = await lastAuditId(server);
    const enrolment = (await user.client.post("/api/auth/two-factor/enable", { password: user.password })).body as { secret: string; backupCodes: string[] };
    expect((await user.client.post("/api/auth/two-factor/verify-totp", { code: codeFor(enrolment.secret, Date.now() - 30_000) })).status).toBe(200);
    secrets.push(enrolment.secret, ...enrolment.backupCodes);
    expect(await auditEntries(server, "auth.two_factor_enabled", since)).toMatchObject([{ actorId: user.id, ip: user.client.ip }]);

    const device = server.anonymous();
    const passwordStep = await device.post("/api/auth/sign-in/email", { email: user.email, password: user.password });
    expect(passwordStep.body).toMatchObject({ twoFactorRedirect: true });
    // The right password alone is not a sign-in while the code is outstanding.
    expect(await auditEntries(server, "auth.sign_in", since)).toEqual([]);
    expect((await device.post("/api/auth/two-factor/verify-totp", { code: "000000" === codeFor(enrolment.secret) ? "111111" : "000000" })).status).not.toBe(200);
    expect((await device.post("/api/auth/two-factor/verify-backup-code", { code: enrolment.backupCodes[0] })).status).toBe(200);
    expect(await auditEntries(server, "auth.sign_in", since)).toMatchObject([{ actorId: user.id, ip: device.ip, details: { method: "backup_code" } }]);
    expect(await auditEntries(server, "auth.sign_in_failed", since)).toMatchObject([{ ip: device.ip, details: { step: "code", method: "totp" } }]);

    expect((await device.post("/api/auth/two-factor/disable", { password: user.password, code: enrolment.backupCodes[1] })).status).toBe(200);
    expect(await auditEntries(server, "auth.two_factor_disabled", since)).toMatchObject([{ actorId: user.id, targetId: user.id, ip: device.ip }]);
  });

  it("an admin's role change, deactivation and reactivation, with the admin as actor and the account as target", async () => {
    const admin = await server.createUser({ admin: true });
    const user = await server.createUser();
    const since = await lastAuditId(server);
    expect((await admin.client.put(`/api/users/${user.id}/role`, { role: "admin" })).status).toBe(200);
    expect((await admin.client.put(`/api/users/${user.id}/role`, { role: "customer" })).status).toBe(200);
    expect((await admin.client.post(`/api/users/${user.id}/deactivate`)).status).toBe(200);
    expect((await admin.client.post(`/api/users/${user.id}/reactivate`)).status).toBe(200);
    const target = { actorId: admin.id, actorEmail: admin.email, targetType: "user", targetId: user.id, targetLabel: user.email, ip: admin.client.ip };
    expect(await auditEntries(server, "user.role_granted", since)).toMatchObject([{ ...target, details: { role: "admin" } }]);
    expect(await auditEntries(server, "user.role_revoked", since)).toMatchObject([{ ...target, details: { role: "admin" } }]);
    expect(await auditEntries(server, "user.deactivated", since)).toMatchObject([target]);
    expect(await auditEntries(server, "user.reactivated", since)).toMatchObject([target]);
  });

  it("an invitation sent, accepted and revoked, and a member removed, under the company", async () => {
    const company = await createCompany(server, "Audit Co");
    const owner = await addMember(server, company.id, await server.createUser(), "owner");
    const invitee = await server.createUser();
    const since = await lastAuditId(server);
    const sent = await owner.client.post(`/api/companies/${company.id}/invitations`, { email: invitee.email, role: "member" });
    expect(sent.status).toBe(201);
    const token = await mailedToken(invitee.email, "/invitation");
    secrets.push(token);
    expect((await invitee.client.post("/api/invitations/accept", { token })).status).toBe(200);
    const other = `audit-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const second = await owner.client.post(`/api/companies/${company.id}/invitations`, { email: other, role: "owner" });
    secrets.push(await mailedToken(other, "/invitation"));
    expect((await owner.client.delete(`/api/invitations/${second.body.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/companies/${company.id}/members/${invitee.id}`)).status).toBe(204);

    const byOwner = { actorId: owner.id, companyId: company.id, ip: owner.client.ip };
    expect(await auditEntries(server, "invitation.sent", since)).toMatchObject([
      { ...byOwner, targetType: "invitation", targetId: sent.body.id, targetLabel: invitee.email, details: { role: "member" } },
      { ...byOwner, targetId: second.body.id, targetLabel: other, details: { role: "owner" } },
    ]);
    expect(await auditEntries(server, "invitation.accepted", since)).toMatchObject([{ actorId: invitee.id, companyId: company.id, targetId: sent.body.id, ip: invitee.client.ip }]);
    expect(await auditEntries(server, "invitation.revoked", since)).toMatchObject([{ ...byOwner, targetId: second.body.id }]);
    expect(await auditEntries(server, "member.removed", since)).toMatchObject([{ ...byOwner, targetId: invitee.id, targetLabel: invitee.email }]);
  });

  it("an invoice's PDF downloaded by its customer, and the invoices exported by an admin with the filters used", async () => {
    const admin = await server.createUser({ admin: true });
    const customer = await customerWithCompany(server, "Audit Billing Co");
    const created = await admin.client.post("/api/invoices", invoiceBody(customer.company.id));
    expect(created.status).toBe(201);
    const since = await lastAuditId(server);
    expect((await customer.client.get(`/api/invoices/${created.body.id}/pdf`)).status).toBe(200);
    // The rest of the same download, resumed: not a second download.
    expect((await customer.client.raw(`/api/invoices/${created.body.id}/pdf`, { headers: { range: "bytes=10-" } })).status).toBe(206);
    expect((await admin.client.get(`/api/invoices/export?status=unpaid&companyId=${customer.company.id}`)).status).toBe(200);

    expect(await auditEntries(server, "invoice.pdf_downloaded", since)).toMatchObject([
      { actorId: customer.id, companyId: customer.company.id, targetType: "invoice", targetId: created.body.id, targetLabel: created.body.invoiceNumber, ip: customer.client.ip },
    ]);
    expect(await auditEntries(server, "data.exported", since)).toMatchObject([
      { actorId: admin.id, targetType: "invoices", details: { status: "unpaid", companyId: customer.company.id, sort: "desc" } },
    ]);
  });

  it("no password, token, secret, backup code or session id in any entry the flows above wrote", async () => {
    expect(secrets.length).toBeGreaterThan(15);
    for (const session of await server.deps.db.select({ id: sessions.id, token: sessions.token }).from(sessions)) secrets.push(session.id, session.token);
    const rows = await server.deps.db.select().from(auditEvents);
    const text = JSON.stringify(rows, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
    for (const secret of secrets.filter((value) => value.length >= 6)) expect(text, "an audit entry holds a secret").not.toContain(secret);
  });
});
