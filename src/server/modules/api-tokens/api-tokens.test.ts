import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { API_TOKEN_PREFIX, API_TOKENS_PER_PERSON, apiTokenMessages } from "@/shared/rules/api-token";
import type { CreatedApiToken } from "@/shared/schemas/api-token";
import { apiTokens, auditEvents, rateLimits, ticketComments, userRoles } from "../../db/schema";
import { startTestServer, type TestServer, type TestUser } from "../../test/harness";
import { TestClient } from "../../test/test-client";
import { addMember, createCompany, insertProject } from "@/server/test/fixtures";
import { isWriteMethod, registeredRoutes } from "@/server/test/security/routes";
import { snapshot } from "@/server/test/security/snapshot";
import { createApp } from "../../app";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

/** A small per-token limit, so the limit test needs a handful of requests. */
const RATE_LIMIT = 8;
const server = serverForFile(undefined, { API_TOKEN_RATE_LIMIT: String(RATE_LIMIT) });
const admin = beforeAllTests(() => server.createUser({ admin: true }));

/** A company with an owner, a plain member, a project and one ticket the owner opened. */
async function ownedCompany(server: TestServer, name: string) {
  const company = await createCompany(server, name);
  const project = await insertProject(server, company.id, `${name} site`);
  const owner = await addMember(server, company.id, await server.createUser({ name: `${name} Owner` }), "owner");
  const member = await addMember(server, company.id);
  const ticket = await owner.client.post("/api/tickets", { projectId: project.id, title: `${name} printer`, description: "It jams" });
  expect(ticket.status).toBe(201);
  return { company, project, owner, member, ticketId: (ticket.body as { id: string }).id };
}
const acme = beforeAllTests(() => ownedCompany(server, "Acme Tokens"));
const globex = beforeAllTests(() => ownedCompany(server, "Globex Tokens"));

async function makeToken(user: TestUser, body: Record<string, unknown> = {}): Promise<CreatedApiToken> {
  const made = await user.client.post("/api/tokens", { name: "Reporting script", scope: "read-write", expiresInDays: 90, ...body });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as CreatedApiToken;
}

/** A script: no cookie, only the token (and, to show no CSRF rule applies, another site's Origin). */
const script = (token: string) => scriptOn(server, token);
function scriptOn(server: TestServer, token: string) {
  const client = new TestClient(server.baseUrl, "198.51.100.7");
  const headers = { authorization: `Bearer ${token}`, origin: "https://elsewhere.example" };
  return {
    get: <P extends string>(path: P) => client.request("GET", path, undefined, headers),
    post: <P extends string>(path: P, body: unknown) => client.request("POST", path, body, headers),
    delete: <P extends string>(path: P) => client.request("DELETE", path, undefined, headers),
    /** Any method, for the sweeps over every route. */
    send: (method: string, path: string, body?: unknown) => client.request(method, path, body, headers),
  };
}

/**
 * The account-level routes (ADR 030, amended): a session's alone, refused to every API token. Listed
 * here, not read from the code, so that a route moved off this list is a decision a test sees.
 */
const accountLevel = /^\/api\/(tokens|sessions|events|outbox|inbound\/mails|users|team|webhooks|settings|invitations)(\/|$)|^\/api\/companies\/[^/]+\/(team|invitations|members|sso)(\/|$)/;

interface OpenApiDocument {
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, { security?: Record<string, string[]>[]; responses: Record<string, unknown> }>>;
}

/**
 * Every write the app registers behind the session (read from `app.routes`, as the permission
 * matrix does), not the public ones (the document declares no security for them) nor Better Auth's
 * `/api/auth/*`, which reads the cookie alone (the password-change test below).
 */
async function sessionWriteRoutesOf(server: TestServer, user: TestUser): Promise<{ method: string; path: string }[]> {
  const document = (await user.client.get("/api/openapi.json")).body as unknown as OpenApiDocument;
  const isPublic = (method: string, path: string) => {
    const operation = document.paths[path.replace(/^\/api/, "").replace(/:([A-Za-z]+)/g, "{$1}")]?.[method.toLowerCase()];
    return operation !== undefined && (operation.security ?? []).length === 0;
  };
  return registeredRoutes(createApp(server.deps))
    .map((route) => route.split(" ") as [string, string])
    .filter(([method, path]) => isWriteMethod(method) && method !== "ALL" && path.startsWith("/api/") && !path.startsWith("/api/auth/") && !isPublic(method, path))
    .map(([method, path]) => ({ method, path }));
}

const commentsOn = async (ticketId: string) => server.deps.db.select({ content: ticketComments.content }).from(ticketComments).where(eq(ticketComments.ticketId, ticketId));

describe("making API tokens", () => {
  it("shows an owner's new token once, stores only its hash, and lists it by name, start, scope, dates", async () => {
    const made = await makeToken(acme.owner);
    expect(made.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(made.token.length).toBeGreaterThan(60);
    expect(made.start).toBe(made.token.slice(0, made.start.length));
    expect(made.scope).toBe("read-write");
    const days = (Date.parse(made.expiresAt!) - Date.parse(made.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(90, 1);

    const [stored] = await server.deps.db.select({ key: apiTokens.key }).from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(stored!.key).not.toContain(made.token.slice(API_TOKEN_PREFIX.length, 20));
    const listed = await acme.owner.client.get("/api/tokens");
    expect(listed.status).toBe(200);
    const row = listed.body.find((token) => token.id === made.id)!;
    expect(row).toEqual({ id: made.id, name: "Reporting script", start: made.start, scope: "read-write", createdAt: made.createdAt, lastUsedAt: null, expiresAt: made.expiresAt });
    expect(JSON.stringify(listed.body)).not.toContain(made.token);

    const audits = await server.deps.db
      .select({ actorId: auditEvents.actorId, companyId: auditEvents.companyId, targetType: auditEvents.targetType, targetLabel: auditEvents.targetLabel, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "api_token.created"), eq(auditEvents.targetId, made.id)));
    expect(audits).toEqual([{ actorId: acme.owner.id, companyId: acme.company.id, targetType: "api_token", targetLabel: "Reporting script", details: { scope: "read-write", start: made.start } }]);
  });

  it("refuses a plain member (403), a customer's never-expiring token (400 naming expiresInDays), and lets an admin make one", async () => {
    const byMember = await acme.member.client.post("/api/tokens", { name: "Mine", scope: "read", expiresInDays: 30 });
    expect(byMember.status).toBe(403);
    expect(byMember.problem.detail).toBe(apiTokenMessages.notAllowed);

    const forever = await acme.owner.client.post("/api/tokens", { name: "Forever", scope: "read", expiresInDays: null });
    expect(forever.status).toBe(400);
    expect(forever.problem.errors).toEqual([{ field: "expiresInDays", message: apiTokenMessages.neverExpiresAdminsOnly }]);
    const odd = await acme.owner.client.post("/api/tokens", { name: "Odd", scope: "read", expiresInDays: 7 });
    expect(odd.status).toBe(400);
    expect(odd.problem.errors?.map((error) => error.field)).toEqual(["expiresInDays"]);

    const adminToken = await makeToken(admin, { expiresInDays: null });
    expect(adminToken.expiresAt).toBeNull();
    expect((await acme.member.client.get("/api/tokens")).body).toEqual([]);
  });

  it(`stops at ${API_TOKENS_PER_PERSON} tokens a person (409)`, async () => {
    const owner = (await ownedCompany(server, "Many Tokens")).owner;
    await server.deps.db.insert(apiTokens).values(
      Array.from({ length: API_TOKENS_PER_PERSON }, (_, n) => ({ key: `filler-${owner.id}-${n}`, referenceId: owner.id, name: `Filler ${n}`, permissions: '{"api":["read"]}' })),
    );
    const refused = await owner.client.post("/api/tokens", { name: "One too many", scope: "read", expiresInDays: 30 });
    expect(refused.status).toBe(409);
    expect(refused.problem.detail).toBe(apiTokenMessages.tooMany);
    // The database holds the limit too, whoever inserts the row.
    const direct = await server.deps.db
      .insert(apiTokens)
      .values({ key: `filler-${owner.id}-extra`, referenceId: owner.id, name: "Straight in", permissions: '{"api":["read"]}' })
      .then(() => undefined, (error: { cause?: { constraint?: string } }) => error.cause?.constraint);
    expect(direct).toBe("api_tokens_per_person");
  });

  it(`makes exactly one of 10 parallel requests at ${API_TOKENS_PER_PERSON - 1} tokens, refuses the other 9 (409), and stores ${API_TOKENS_PER_PERSON}`, async () => {
    const owner = (await ownedCompany(server, "Racing Tokens")).owner;
    await server.deps.db.insert(apiTokens).values(
      Array.from({ length: API_TOKENS_PER_PERSON - 1 }, (_, n) => ({ key: `racer-${owner.id}-${n}`, referenceId: owner.id, name: `Filler ${n}`, permissions: '{"api":["read"]}' })),
    );
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => owner.client.post("/api/tokens", { name: `Racer ${n}`, scope: "read", expiresInDays: 30 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.problem.detail).toBe(apiTokenMessages.tooMany);
    const [stored] = await server.deps.db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.referenceId, owner.id));
    expect(stored!.n).toBe(API_TOKENS_PER_PERSON);
  });
});

describe("using an API token", () => {
  it("lists, opens and comments with a read-write token alone, within the owner's company, and records its last use", async () => {
    const made = await makeToken(acme.owner);
    const api = script(made.token);
    const listed = await api.get("/api/tickets");
    expect(listed.status).toBe(200);
    const ids = listed.body.items.map((ticket) => ticket.id);
    expect(ids).toContain(acme.ticketId);
    expect(ids).not.toContain(globex.ticketId);
    expect((await api.get(`/api/tickets/${acme.ticketId}`)).status).toBe(200);

    const comment = await api.post(`/api/tickets/${acme.ticketId}/comments`, { content: "Posted by the script" });
    expect(comment.status).toBe(201);
    expect((await commentsOn(acme.ticketId)).map((row) => row.content)).toContain("Posted by the script");

    const row = (await acme.owner.client.get("/api/tokens")).body.find((token) => token.id === made.id)!;
    expect(row.lastUsedAt).not.toBeNull();
  });

  it("answers 404 for another company's ticket and never shows its rows", async () => {
    const api = script((await makeToken(acme.owner)).token);
    expect((await api.get(`/api/tickets/${globex.ticketId}`)).status).toBe(404);
    const comment = await api.post(`/api/tickets/${globex.ticketId}/comments`, { content: "Across companies" });
    expect(comment.status).toBe(404);
    expect((await commentsOn(globex.ticketId)).map((row) => row.content)).not.toContain("Across companies");
  });

  it("is refused (401) at once when revoked, and a person cannot revoke another's token (404)", async () => {
    const made = await makeToken(acme.owner);
    const api = script(made.token);
    expect((await api.get("/api/me")).status).toBe(200);
    expect((await globex.owner.client.delete(`/api/tokens/${made.id}`)).status).toBe(404);
    expect((await api.get("/api/me")).status).toBe(200);

    expect((await acme.owner.client.delete(`/api/tokens/${made.id}`)).status).toBe(204);
    const after = await api.get("/api/me");
    expect(after.status).toBe(401);
    expect(after.problem.detail).toBe(apiTokenMessages.invalid);
  });

  it("is refused when it has expired, and an unknown token is refused the same way", async () => {
    const made = await makeToken(acme.owner);
    await server.deps.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, made.id));
    expect((await script(made.token).get("/api/me")).status).toBe(401);
    const unknown = await script(`${API_TOKEN_PREFIX}${"x".repeat(64)}`).get("/api/me");
    expect(unknown.status).toBe(401);
    expect(unknown.problem.detail).toBe(apiTokenMessages.invalid);
  });

  it("ends when its owner is demoted to member, removed from the company or deactivated, and an admin's when demoted", async () => {
    const company = await ownedCompany(server, "Demotions");
    const second = await addMember(server, company.company.id, undefined, "owner");
    const demoted = script((await makeToken(company.owner)).token);
    const removed = script((await makeToken(second)).token);
    expect((await demoted.get("/api/me")).status).toBe(200);

    const demote = await second.client.patch(`/api/companies/${company.company.id}/members/${company.owner.id}`, { role: "member" });
    expect(demote.status).toBe(200);
    expect((await demoted.get("/api/me")).status).toBe(401);

    // Back to owner: the token does not come back to life, it is gone.
    await company.owner.client.get("/api/me");
    const promote = await admin.client.patch(`/api/companies/${company.company.id}/members/${company.owner.id}`, { role: "owner" });
    expect(promote.status).toBe(200);
    expect((await demoted.get("/api/me")).status).toBe(401);

    expect((await admin.client.delete(`/api/companies/${company.company.id}/members/${second.id}`)).status).toBe(204);
    expect((await removed.get("/api/me")).status).toBe(401);

    const deactivated = script((await makeToken(company.owner)).token);
    expect((await admin.client.post(`/api/users/${company.owner.id}/deactivate`)).status).toBe(200);
    expect((await deactivated.get("/api/me")).status).toBe(401);
    expect(await server.deps.db.select().from(apiTokens).where(eq(apiTokens.referenceId, company.owner.id))).toEqual([]);

    const colleague = await server.createUser({ admin: true });
    const adminScript = script((await makeToken(colleague)).token);
    expect((await adminScript.get("/api/companies")).status).toBe(200);
    await server.deps.db.delete(userRoles).where(eq(userRoles.userId, colleague.id));
    expect((await adminScript.get("/api/companies")).status).toBe(401);
  });

  it("acts as the token's owner even when a cookie of someone else comes with it", async () => {
    const made = await makeToken(acme.owner, { scope: "read" });
    const answer = await globex.owner.client.request("GET", "/api/me", undefined, { authorization: `Bearer ${made.token}` });
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(acme.owner.id);
  });

  it(`limits each token to its own ${RATE_LIMIT} requests a minute (429 with Retry-After), whatever the address, and counts afresh each minute`, async () => {
    const limitedToken = await makeToken(globex.owner, { scope: "read" });
    const first = script(limitedToken.token);
    const second = script((await makeToken(globex.owner, { scope: "read" })).token);
    for (let n = 0; n < RATE_LIMIT; n++) expect((await first.get("/api/me")).status).toBe(200);
    const limited = await first.get("/api/me");
    expect(limited.status).toBe(429);
    expect(limited.problem.detail).toBe(apiTokenMessages.rateLimited);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Same person, same address: the other token has its own count.
    expect((await second.get("/api/me")).status).toBe(200);

    // The minute is over (its start moved back, as the clock would): a token that kept calling all
    // along, never pausing for a whole minute, may call again.
    await server.deps.db.update(rateLimits).set({ lastRequest: sql`${rateLimits.lastRequest} - 61000` }).where(eq(rateLimits.key, `api-token:${limitedToken.id}`));
    expect((await first.get("/api/me")).status).toBe(200);
  });
});

/**
 * Every route at once, with a limit a minute no sweep reaches (the file's own server counts only
 * RATE_LIMIT requests a token), on a server of its own.
 */
describe("every route, for a token", () => {
  const server = beforeAllTests(() => startTestServer({ API_TOKEN_RATE_LIMIT: "100000" }));
  afterAll(() => server.close());
  const admin = beforeAllTests(() => server.createUser({ admin: true }));
  const acme = beforeAllTests(() => ownedCompany(server, "Acme Sweep"));
  const script = (token: string) => scriptOn(server, token);
  const sessionWriteRoutes = () => sessionWriteRoutesOf(server, acme.owner);

  it("lets a read token read, and refuses it every write route the app registers (403, or 401 where tokens never go), writing nothing", async () => {
    const made = await makeToken(acme.owner, { scope: "read" });
    const api = script(made.token);
    expect((await api.get(`/api/tickets/${acme.ticketId}`)).status).toBe(200);
    const comment = await api.post(`/api/tickets/${acme.ticketId}/comments`, { content: "Read tokens cannot write" });
    expect(comment.status).toBe(403);
    expect(comment.problem.detail).toBe(apiTokenMessages.readOnly);

    const before = await snapshot(server.deps.db);
    const writes = await sessionWriteRoutes();
    const wrong: string[] = [];
    for (const { method, path } of writes) {
      // Every path parameter a real ticket's id: a write let through could land, and the snapshot would show it.
      const answer = await api.send(method, path.replace(/:[A-Za-z]+/g, acme.ticketId), {});
      const expected = accountLevel.test(path) ? [401, apiTokenMessages.sessionOnly] : [403, apiTokenMessages.readOnly];
      if (answer.status !== expected[0] || answer.problem.detail !== expected[1]) wrong.push(`${method} ${path}: ${answer.status} ${answer.problem.detail}`);
    }
    expect(wrong).toEqual([]);
    expect(writes.length).toBeGreaterThan(40);
    expect(await snapshot(server.deps.db)).toEqual(before);
  });

  it("does not reach the account-level routes, an admin's read-write token neither, nor Better Auth's password change", async () => {
    const { token } = await makeToken(admin);
    const api = script(token);
    // Spelled out with percent-escapes too: the refusal sits on the route the router matched.
    const paths = ["/api/tokens", "/api/sessions", "/api/events", "/api/%74okens", "/api/event%73", "/api/outbox", "/api/users", "/api/team", "/api/team/invitations", "/api/webhooks"] as const;
    for (const path of [...paths, `/api/companies/${acme.company.id}/team`] as const) {
      const answer = await api.get(path);
      expect(answer.status, path).toBe(401);
      expect(answer.problem.detail).toBe(apiTokenMessages.sessionOnly);
    }
    expect((await api.post("/api/tokens", { name: "Minted by a token", scope: "read-write", expiresInDays: null })).status).toBe(401);
    // The takeovers a read-write admin token would otherwise allow: an admin invited, a role granted, a member added.
    const invited = await api.post("/api/team/invitations", { email: "new-admin@example.test" });
    expect([invited.status, invited.problem.detail]).toEqual([401, apiTokenMessages.sessionOnly]);
    const promoted = await api.send("PUT", `/api/users/${acme.member.id}/role`, { role: "admin" });
    expect([promoted.status, promoted.problem.detail]).toEqual([401, apiTokenMessages.sessionOnly]);
    expect(await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, acme.member.id))).toEqual([]);
    const member = await api.post(`/api/companies/${acme.company.id}/invitations`, { email: "new-member@example.test", role: "owner" });
    expect(member.status).toBe(401);
    // From our own origin, so the CSRF rule of /api/auth is not what refuses it: the token is.
    const password = await new TestClient(server.baseUrl, "198.51.100.8").request(
      "POST",
      "/api/auth/change-password",
      { currentPassword: admin.password, newPassword: "a whole new passphrase 42" },
      { authorization: `Bearer ${token}` },
    );
    expect(password.status).toBe(401);
  });

  it("declares the bearer scheme on exactly the operations a token reaches, and the session cookie alone on the account-level ones", async () => {
    const document = (await acme.owner.client.get("/api/openapi.json")).body as unknown as OpenApiDocument;
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const readOnly = script((await makeToken(admin, { scope: "read" })).token);
    const mismatches: string[] = [];
    let withToken = 0;
    let sessionOnly = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
        if (!schemes.includes("cookieAuth")) continue;
        const label = `${method.toUpperCase()} ${path}`;
        // Better Auth's own operations (/auth/…) read the cookie alone: the token counts for nothing there.
        const refusesTokens = path.startsWith("/auth/") || accountLevel.test(`/api${path}`);
        const expected = refusesTokens ? ["cookieAuth"] : ["cookieAuth", "bearerAuth"];
        if (JSON.stringify(schemes) !== JSON.stringify(expected)) mismatches.push(`${label}: ${schemes.join(", ")}`);
        if (path.startsWith("/auth/")) continue;
        // What a read-only admin token gets there: refused as the document says, or let through.
        const answer = await readOnly.send(method.toUpperCase(), `/api${path.replace(/\{[^}]+\}/g, acme.ticketId)}`, method === "get" ? undefined : {});
        const refused = answer.status === 401 && answer.problem.detail === apiTokenMessages.sessionOnly;
        if (refused !== refusesTokens) mismatches.push(`${label}: a token got ${answer.status} ${answer.problem.detail ?? ""}`);
        if (refusesTokens) {
          sessionOnly += 1;
          if (!operation.responses["401"]) mismatches.push(`${label}: no 401 for the refused token`);
        } else {
          withToken += 1;
          if (!operation.responses["429"]) mismatches.push(`${label}: no 429 for the token's limit`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(withToken).toBeGreaterThan(50);
    expect(sessionOnly).toBeGreaterThan(25);
  });
});
