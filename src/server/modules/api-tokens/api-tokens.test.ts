import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { API_TOKEN_PREFIX, API_TOKENS_PER_PERSON, apiTokenMessages } from "@/shared/rules/api-token";
import type { CreatedApiToken } from "@/shared/schemas/api-token";
import { apiTokens, auditEvents, rateLimits, ticketComments, userRoles } from "../../db/schema";
import type { TestServer, TestUser } from "../../test/harness";
import { TestClient } from "../../test/test-client";
import { addMember, createCompany, insertProject } from "@/server/test/fixtures";
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
function script(token: string) {
  const client = new TestClient(server.baseUrl, "198.51.100.7");
  const headers = { authorization: `Bearer ${token}`, origin: "https://elsewhere.example" };
  return {
    get: <P extends string>(path: P) => client.request("GET", path, undefined, headers),
    post: <P extends string>(path: P, body: unknown) => client.request("POST", path, body, headers),
    delete: <P extends string>(path: P) => client.request("DELETE", path, undefined, headers),
  };
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

    const [audit] = await server.deps.db.select({ targetId: auditEvents.targetId }).from(auditEvents).where(and(eq(auditEvents.kind, "api_token.created"), eq(auditEvents.targetId, made.id)));
    expect(audit).toBeDefined();
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

  it("lets a read token read and refuses every write with 403, writing nothing", async () => {
    const api = script((await makeToken(acme.owner, { scope: "read" })).token);
    expect((await api.get(`/api/tickets/${acme.ticketId}`)).status).toBe(200);
    const comment = await api.post(`/api/tickets/${acme.ticketId}/comments`, { content: "Read tokens cannot write" });
    expect(comment.status).toBe(403);
    expect(comment.problem.detail).toBe(apiTokenMessages.readOnly);
    expect((await commentsOn(acme.ticketId)).map((row) => row.content)).not.toContain("Read tokens cannot write");
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

  it("does not reach the token, session and live-update routes, nor Better Auth's password change", async () => {
    const { token } = await makeToken(admin);
    const api = script(token);
    // Spelled out with percent-escapes too: the guard reads the decoded path the router matches.
    for (const path of ["/api/tokens", "/api/sessions", "/api/events", "/api/%74okens", "/api/event%73"] as const) {
      const answer = await api.get(path);
      expect(answer.status, path).toBe(401);
      expect(answer.problem.detail).toBe(apiTokenMessages.sessionOnly);
    }
    expect((await api.post("/api/tokens", { name: "Minted by a token", scope: "read-write", expiresInDays: null })).status).toBe(401);
    // From our own origin, so the CSRF rule of /api/auth is not what refuses it: the token is.
    const password = await new TestClient(server.baseUrl, "198.51.100.8").request(
      "POST",
      "/api/auth/change-password",
      { currentPassword: admin.password, newPassword: "a whole new passphrase 42" },
      { authorization: `Bearer ${token}` },
    );
    expect(password.status).toBe(401);
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

describe("the API document", () => {
  it("declares the bearer scheme on every operation a token reaches, and only the session on the others", async () => {
    const document = (await acme.owner.client.get("/api/openapi.json")).body as unknown as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; responses: Record<string, unknown> }>>;
    };
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    // Better Auth's own operations (/auth/…) take the cookie alone too.
    const sessionOnly = /^\/(tokens|sessions|events|auth)(\/|$)/;
    const mismatches: string[] = [];
    let withToken = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
        if (!schemes.includes("cookieAuth")) continue;
        const expected = sessionOnly.test(path) ? ["cookieAuth"] : ["cookieAuth", "bearerAuth"];
        if (JSON.stringify(schemes) !== JSON.stringify(expected)) mismatches.push(`${method.toUpperCase()} ${path}: ${schemes.join(", ")}`);
        if (schemes.includes("bearerAuth")) {
          withToken += 1;
          if (!operation.responses["429"]) mismatches.push(`${method.toUpperCase()} ${path}: no 429 for the token's limit`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(withToken).toBeGreaterThan(60);
  });
});
