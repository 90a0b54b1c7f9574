import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SSO_REQUIRED, ssoMessages } from "@/shared/rules/single-sign-on";
import { accounts, auditEvents, companySsoProviders, companyUsers, profiles } from "@/server/db/schema";
import type { TestClient } from "@/server/test/test-client";
import { addMember, createCompany } from "@/server/test/fixtures";
import { expectFieldRefused } from "@/server/test/expect-problem";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { startLocalOidcProvider } from "@/server/test/oidc/local-oidc-provider";
import { signInAtProvider } from "@/server/test/oidc/provider-login";
import { openClientSecret } from "./sso-secrets";

/*
 * Single sign-on against a real OpenID Connect provider on loopback (oidc-provider, DESIGN D29):
 * the browser's part (the provider's login page and its redirects) is played by signInAtProvider.
 */

const team = { clientId: "portico-team", clientSecret: "team-client-secret" };
const company = { clientId: "portico-company", clientSecret: "company-client-secret" };

const provider = beforeAllTests(() =>
  startLocalOidcProvider({
    clients: () => [
      { ...team, redirectUri: callbackUri() },
      { ...company, redirectUri: callbackUri() },
    ],
  }),
);
const server = serverForFile(undefined, () => ({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: team.clientId, OIDC_CLIENT_SECRET: team.clientSecret }));
const callbackUri = () => `${server.baseUrl}/api/sso/callback`;

/** Starts a sign-in as `client`'s browser, signs in at the provider as `login`, and follows the redirect back. */
async function signInWithSso(client: TestClient, login: string, start: { email?: string } = {}) {
  const started = await client.post("/api/sso/start", start);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const back = await signInAtProvider((started.body as { url: string }).url, login, callbackUri());
  const answer = await client.raw(`${back.pathname}${back.search}`);
  expect(answer.status).toBe(302);
  return { location: answer.headers.get("location"), sessionCookie: answer.headers.getSetCookie().find((cookie) => cookie.startsWith("portico.session_token=")) };
}

/** Why the last refused single sign-on was refused, as its audit entry says. */
async function lastRefusal() {
  const [entry] = await server.deps.db.select().from(auditEvents).where(eq(auditEvents.kind, "auth.sign_in_failed")).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(1);
  return entry?.details as { reason?: string; why?: string } | undefined;
}

const me = async (client: TestClient) => (await client.get("/api/me")) as { status: number; body: { email?: string; role?: string; company?: { id: string } | null } };

async function setCompanySso(companyId: string, body: Record<string, unknown>) {
  const admin = await server.createUser({ admin: true });
  return admin.client.put(`/api/companies/${companyId}/sso`, { issuer: provider.issuer, clientId: company.clientId, clientSecret: company.clientSecret, ...body });
}

describe("the team's identity provider (OIDC_ISSUER)", () => {
  it("signs an admin in through the provider's login page: code flow with PKCE (S256), state and nonce", async () => {
    const admin = await server.createUser({ admin: true, email: "ada@team.test" });
    const browser = server.anonymous();
    const started = await browser.post("/api/sso/start", {});
    const url = new URL((started.body as { url: string }).url);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: team.clientId, response_type: "code", code_challenge_method: "S256", redirect_uri: callbackUri() });
    for (const name of ["state", "nonce", "code_challenge"]) expect(url.searchParams.get(name)).toMatch(/^[\w-]{43,}$/);
    expect(started.headers.getSetCookie().find((cookie) => cookie.startsWith("portico.sso_state="))).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);

    const back = await signInAtProvider(url.href, admin.email, callbackUri());
    const answer = await browser.raw(`${back.pathname}${back.search}`);
    expect(answer.headers.get("location")).toBe("/");
    expect((await me(browser)).body).toMatchObject({ email: admin.email, role: "admin" });
    const [link] = await server.deps.db.select().from(accounts).where(and(eq(accounts.userId, admin.id), eq(accounts.providerId, "oidc")));
    expect(link?.accountId).toBe(admin.email);
    const [audited] = await server.deps.db.select().from(auditEvents).where(and(eq(auditEvents.actorId, admin.id), eq(auditEvents.kind, "auth.sign_in")));
    expect(audited?.details).toMatchObject({ method: "sso", provider: "team" });
  });

  it("refuses an ID token of another issuer, though its signature is the provider's", async () => {
    const admin = await server.createUser({ admin: true });
    provider.tamperIdTokens((claims) => ({ ...claims, iss: "http://127.0.0.1:1/not-the-issuer" }));
    try {
      const browser = server.anonymous();
      const outcome = await signInWithSso(browser, admin.email);
      expect(outcome).toEqual({ location: "/auth?sso_error=invalid", sessionCookie: undefined });
      expect((await lastRefusal())?.why).toMatch(/"iss"/);
      expect((await me(browser)).status).toBe(401);
    } finally {
      provider.tamperIdTokens(undefined);
    }
  });

  it("refuses an ID token issued to another client (audience)", async () => {
    const admin = await server.createUser({ admin: true });
    provider.tamperIdTokens((claims) => ({ ...claims, aud: "another-client", azp: "another-client" }));
    try {
      const browser = server.anonymous();
      expect(await signInWithSso(browser, admin.email)).toEqual({ location: "/auth?sso_error=invalid", sessionCookie: undefined });
      expect((await lastRefusal())?.why).toMatch(/"aud"/);
      expect((await me(browser)).status).toBe(401);
    } finally {
      provider.tamperIdTokens(undefined);
    }
  });

  it("refuses an ID token with another sign-in's nonce", async () => {
    const admin = await server.createUser({ admin: true });
    provider.tamperIdTokens((claims) => ({ ...claims, nonce: "the-nonce-of-another-sign-in-0123456789abcdef" }));
    try {
      const browser = server.anonymous();
      expect(await signInWithSso(browser, admin.email)).toEqual({ location: "/auth?sso_error=invalid", sessionCookie: undefined });
      expect((await lastRefusal())?.why).toMatch(/"nonce"/);
      expect((await me(browser)).status).toBe(401);
    } finally {
      provider.tamperIdTokens(undefined);
    }
  });

  it("refuses an address the provider has not verified, even an admin's", async () => {
    const admin = await server.createUser({ admin: true, email: "unverified.grace@team.test" });
    const browser = server.anonymous();
    expect(await signInWithSso(browser, admin.email)).toEqual({ location: "/auth?sso_error=unverified_email", sessionCookie: undefined });
    expect(await server.deps.db.select().from(accounts).where(and(eq(accounts.userId, admin.id), eq(accounts.providerId, "oidc")))).toEqual([]);
  });

  it("signs in no customer and makes no account: the team's provider is for admins", async () => {
    const customer = await server.createUser({ email: "linus@team.test" });
    expect(await signInWithSso(server.anonymous(), customer.email)).toEqual({ location: "/auth?sso_error=no_account", sessionCookie: undefined });
    expect(await signInWithSso(server.anonymous(), "stranger@team.test")).toEqual({ location: "/auth?sso_error=no_account", sessionCookie: undefined });
    expect(await server.deps.db.select().from(profiles).where(eq(profiles.email, "stranger@team.test"))).toEqual([]);
  });

  it("refuses the provider's redirect in a browser that did not start the sign-in (state), and a state used once already", async () => {
    const admin = await server.createUser({ admin: true });
    const browser = server.anonymous();
    const started = await browser.post("/api/sso/start", {});
    const back = await signInAtProvider((started.body as { url: string }).url, admin.email, callbackUri());
    const elsewhere = await server.anonymous().raw(`${back.pathname}${back.search}`);
    expect(elsewhere.headers.get("location")).toBe("/auth?sso_error=expired");
    expect(elsewhere.headers.getSetCookie().some((cookie) => cookie.startsWith("portico.session_token="))).toBe(false);
    // The right browser still may, once.
    expect((await browser.raw(`${back.pathname}${back.search}`)).headers.get("location")).toBe("/");
    const again = await server.anonymous().raw(`${back.pathname}${back.search}`);
    expect(again.headers.get("location")).toBe("/auth?sso_error=expired");
  });
});

describe("a client company's identity provider", () => {
  it("routes an address of the company's domain to it, and links or makes only its members", async () => {
    const acme = await createCompany(server, "Acme SSO");
    expect((await setCompanySso(acme.id, { domains: ["acme.test"] })).status).toBe(200);
    const member = await addMember(server, acme.id, await server.createUser({ email: "mia@acme.test" }));
    expect((await server.anonymous().post("/api/sso/discover", { email: "Someone@ACME.test" })).body).toEqual({ sso: "available" });
    expect((await server.anonymous().post("/api/sso/discover", { email: "someone@elsewhere.test" })).body).toEqual({ sso: "none" });

    const started = await server.anonymous().post("/api/sso/start", { email: member.email });
    expect(new URL((started.body as { url: string }).url).searchParams.get("client_id")).toBe(company.clientId);

    const browser = server.anonymous();
    expect((await signInWithSso(browser, member.email, { email: member.email })).location).toBe("/");
    expect((await me(browser)).body).toMatchObject({ email: member.email, role: "customer", company: { id: acme.id } });

    // An address of the domain without an account joins the company as a member.
    const newcomer = server.anonymous();
    expect((await signInWithSso(newcomer, "noah@acme.test", { email: "noah@acme.test" })).location).toBe("/");
    expect((await me(newcomer)).body).toMatchObject({ email: "noah@acme.test", role: "customer", company: { id: acme.id } });
    const [joined] = await server.deps.db.select({ role: companyUsers.role }).from(companyUsers).innerJoin(profiles, eq(profiles.id, companyUsers.userId)).where(eq(profiles.email, "noah@acme.test"));
    expect(joined).toEqual({ role: "member" });
  });

  it("does not link an address of another domain, though the provider verified it and the account exists", async () => {
    const globex = await createCompany(server, "Globex SSO");
    await setCompanySso(globex.id, { domains: ["globex.test"] });
    const other = await createCompany(server, "Initech");
    const victim = await addMember(server, other.id, await server.createUser({ email: "owner@initech.test" }), "owner");
    const browser = server.anonymous();
    // The company's provider asserts an address outside the company's domains.
    expect(await signInWithSso(browser, victim.email, { email: "someone@globex.test" })).toEqual({ location: "/auth?sso_error=wrong_domain", sessionCookie: undefined });
    expect((await me(browser)).status).toBe(401);
    expect(await server.deps.db.select().from(accounts).where(and(eq(accounts.userId, victim.id), eq(accounts.providerId, `oidc:${globex.id}`)))).toEqual([]);
    const [refused] = await server.deps.db.select().from(auditEvents).where(and(eq(auditEvents.kind, "auth.sign_in_failed"), eq(auditEvents.actorEmail, victim.email)));
    expect(refused?.details).toMatchObject({ method: "sso", reason: "wrong_domain" });
  });

  it("signs in neither an admin nor another company's member whose address is of the domain", async () => {
    const hooli = await createCompany(server, "Hooli SSO");
    await setCompanySso(hooli.id, { domains: ["hooli.test"] });
    const admin = await server.createUser({ admin: true, email: "gavin@hooli.test" });
    const elsewhere = await addMember(server, (await createCompany(server, "Elsewhere")).id, await server.createUser({ email: "erlich@hooli.test" }));
    for (const user of [admin, elsewhere]) {
      const browser = server.anonymous();
      expect(await signInWithSso(browser, user.email, { email: user.email })).toEqual({ location: "/auth?sso_error=not_member", sessionCookie: undefined });
    }
  });

  it("refuses an unverified address of the company's domain", async () => {
    const umbrella = await createCompany(server, "Umbrella SSO");
    await setCompanySso(umbrella.id, { domains: ["umbrella.test"] });
    // The login "unverified.…" is an account whose address the local provider says is unverified.
    const outcome = await signInWithSso(server.anonymous(), "unverified.ada@umbrella.test", { email: "ada@umbrella.test" });
    expect(outcome).toEqual({ location: "/auth?sso_error=unverified_email", sessionCookie: undefined });
  });
});

describe("SSO only", () => {
  it("refuses a member's password sign-in, whatever their address, and the form's address check says so", async () => {
    const wayne = await createCompany(server, "Wayne SSO");
    // Members with passwords first; then the company turns "SSO only" on.
    const onDomain = await addMember(server, wayne.id, await server.createUser({ email: "bruce@wayne.test" }));
    const offDomain = await addMember(server, wayne.id, await server.createUser({ email: "alfred@butlers.test" }));
    expect((await setCompanySso(wayne.id, { domains: ["wayne.test"], ssoOnly: true })).status).toBe(200);
    expect((await server.anonymous().post("/api/sso/discover", { email: onDomain.email })).body).toEqual({ sso: "required" });

    for (const user of [onDomain, offDomain]) {
      const refused = await server.anonymous().post("/api/auth/sign-in/email", { email: user.email, password: user.password });
      expect(refused.status).toBe(403);
      expect(refused.problem).toMatchObject({ detail: ssoMessages.ssoRequired, code: SSO_REQUIRED });
      expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith("portico.session_token="))).toBe(false);
    }
    // Off the domain, a wrong password is just wrong: the refusal tells a stranger nothing more.
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email: offDomain.email, password: "not-the-password" })).status).toBe(401);
    // Through the company's provider they do sign in.
    const browser = server.anonymous();
    expect((await signInWithSso(browser, onDomain.email, { email: onDomain.email })).location).toBe("/");
    expect((await me(browser)).body).toMatchObject({ email: onDomain.email });
  });
});

describe("a company's provider settings", () => {
  it("stores the secret sealed, never answers it, keeps it when left out, and refuses a first save without one", async () => {
    const stark = await createCompany(server, "Stark SSO");
    const admin = await server.createUser({ admin: true });
    const path = `/api/companies/${stark.id}/sso`;
    expect((await admin.client.get(path)).body).toBeNull();
    expectFieldRefused(await admin.client.put(path, { issuer: provider.issuer, clientId: company.clientId, domains: ["stark.test"] }), "clientSecret");
    expectFieldRefused(await admin.client.put(path, { issuer: "ftp://idp.stark.test", clientId: "x", clientSecret: "y", domains: ["stark.test"] }), "issuer");
    expectFieldRefused(await admin.client.put(path, { issuer: provider.issuer, clientId: "x", clientSecret: "y", domains: ["not a domain"] }), "domains.0");

    const saved = await admin.client.put(path, { issuer: provider.issuer, clientId: company.clientId, clientSecret: company.clientSecret, domains: ["Stark.test"] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      companyId: stark.id,
      issuer: provider.issuer,
      clientId: company.clientId,
      domains: ["stark.test"],
      ssoOnly: false,
      redirectUri: callbackUri(),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify((await admin.client.get(path)).body)).not.toContain(company.clientSecret);
    const [row] = await server.deps.db.select().from(companySsoProviders).where(eq(companySsoProviders.companyId, stark.id));
    expect(row!.clientSecret).not.toContain(company.clientSecret);
    expect(openClientSecret(server.env.AUTH_SECRET, row!.clientSecret)).toBe(company.clientSecret);

    expect((await admin.client.put(path, { issuer: provider.issuer, clientId: company.clientId, domains: ["stark.test", "starkindustries.test"], ssoOnly: true })).status).toBe(200);
    const [kept] = await server.deps.db.select().from(companySsoProviders).where(eq(companySsoProviders.companyId, stark.id));
    expect(openClientSecret(server.env.AUTH_SECRET, kept!.clientSecret)).toBe(company.clientSecret);

    const oscorp = await createCompany(server, "Oscorp SSO");
    const taken = await admin.client.put(`/api/companies/${oscorp.id}/sso`, { issuer: provider.issuer, clientId: "c", clientSecret: "s", domains: ["starkindustries.test"] });
    expect(taken.status).toBe(409);
    expect(taken.problem.errors).toEqual([{ field: "domains", message: ssoMessages.domainTaken }]);

    expect((await admin.client.delete(path)).status).toBe(204);
    expect((await admin.client.get(path)).body).toBeNull();
    expect((await admin.client.delete(path)).status).toBe(404);
  });

  it("is the admins' alone", async () => {
    const { id } = await createCompany(server, "Customers Own SSO");
    const owner = await addMember(server, id, undefined, "owner");
    expect((await owner.client.get(`/api/companies/${id}/sso`)).status).toBe(403);
    expect((await owner.client.put(`/api/companies/${id}/sso`, { issuer: provider.issuer, clientId: "c", clientSecret: "s", domains: ["own.test"] })).status).toBe(403);
    expect((await owner.client.delete(`/api/companies/${id}/sso`)).status).toBe(403);
  });
});
