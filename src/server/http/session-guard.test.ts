import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_EXPIRES_IN, SESSION_MAX_LIFETIME, SESSION_UPDATE_AGE } from "../auth";
import { profiles, sessions } from "../db/schema";
import { errorHandler } from "./problem";
import { loadActor, requireRole, requireSession } from "./session";
import type { AppDeps, AppEnv } from "./context";
import { serverForFile } from "@/server/test/per-file";
import { statementsDuring as statementsOf } from "@/server/test/sql-statements";

/**
 * The session guard on its own, called directly or behind a bare router: the moments a session is
 * renewed or ended, to the millisecond (Date is faked; the actor cache keeps the real clock), what
 * a write does to the writer's cached session, and the two-factor gate's paths. session.test.ts
 * and session-cache.test.ts check the same through the whole app.
 */
const server = serverForFile();

const RENEW_BEFORE_EXPIRY_MS = (SESSION_EXPIRES_IN - SESSION_UPDATE_AGE) * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** The moment `loadActor` runs at: Date only, so the database and the cache keep real time. */
function at(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
}

async function signedIn() {
  const user = await server.createUser();
  const headers = new Headers({ cookie: user.client.cookieHeader });
  const token = decodeURIComponent(user.client.cookieHeader.split("=")[1]!).split(".")[0]!;
  const [row] = await server.deps.db.select().from(sessions).where(eq(sessions.token, token));
  return { user, headers, token, session: row! };
}

/** Puts the session's times in the database, to the millisecond, and forgets its cached copy. */
async function setTimes(sessionId: string, times: { createdAt?: Date; expiresAt?: Date }) {
  const evictions = server.deps.actors.epoch;
  await server.deps.db.update(sessions).set(times).where(eq(sessions.id, sessionId));
  // The sessions trigger's notice (on PostgreSQL, moments later) must not evict what the test caches next.
  await expect.poll(() => server.deps.actors.epoch, { timeout: 3_000, interval: 10 }).toBeGreaterThan(evictions);
  server.deps.actors.clear();
}

/** How many statements the app sends to the database while `run` runs. */
const statementsDuring = async (run: () => Promise<unknown>) => (await statementsOf(server, run)).length;

describe("loadActor without a session", () => {
  it("answers no one, without renewal headers, for a request without the session cookie", async () => {
    expect(await loadActor(server.deps, new Headers())).toEqual({ actor: null, refreshHeaders: undefined });
    expect(await loadActor(server.deps, new Headers({ cookie: "other=value" }))).toEqual({ actor: null, refreshHeaders: undefined });
  });

  it("spends no database query on a request without a validly signed session cookie", async () => {
    const { user } = await signedIn();
    const [name, value] = user.client.cookieHeader.split("=") as [string, string];
    const forged = `${name}=${encodeURIComponent(`${decodeURIComponent(value).split(".")[0]}.${Buffer.alloc(32).toString("base64")}`)}`;
    for (const cookie of [undefined, "other=value", forged]) {
      const headers = new Headers(cookie === undefined ? {} : { cookie });
      expect(await statementsDuring(async () => expect((await loadActor(server.deps, headers)).actor).toBeNull()), String(cookie)).toBe(0);
    }
    // The same count sees the query a valid cookie costs.
    server.deps.actors.clear();
    expect(await statementsDuring(() => loadActor(server.deps, new Headers({ cookie: user.client.cookieHeader })))).toBeGreaterThan(0);
  });

  it("answers no one for a validly signed cookie whose session no longer exists", async () => {
    const { headers, session } = await signedIn();
    expect((await loadActor(server.deps, headers)).actor).toMatchObject({ sessionId: session.id });
    await server.deps.db.delete(sessions).where(eq(sessions.id, session.id));
    server.deps.actors.clear();
    expect(await loadActor(server.deps, headers)).toEqual({ actor: null, refreshHeaders: undefined });
  });
});

describe("loadActor with a session", () => {
  it("resolves the caller: who they are, their role, company and session", async () => {
    const { user, headers, session } = await signedIn();
    expect(await loadActor(server.deps, headers)).toEqual({
      actor: { userId: user.id, email: user.email, name: user.name, role: "customer", companyId: null, companyRole: null, answersQuotes: false, readsAccessLog: false, sessionId: session.id, twoFactorEnabled: false },
      refreshHeaders: undefined,
    });
    const admin = await server.createUser({ admin: true });
    expect((await loadActor(server.deps, new Headers({ cookie: admin.client.cookieHeader }))).actor).toMatchObject({ userId: admin.id, role: "admin" });
  });
});

describe("loadActor: renewal and the absolute lifetime, to the millisecond", () => {
  it("serves a cached session until the moment it falls due for renewal, then reads and renews it", async () => {
    const { user, headers, token, session } = await signedIn();
    await loadActor(server.deps, headers);
    const cached = server.deps.actors.get(token)!;
    expect(cached.expiresAtMs).toBe(session.expiresAt.getTime());
    // A cached copy that says something the database does not: which of the two answered shows.
    server.deps.actors.set(token, { actor: { ...cached.actor, name: "Cached copy" }, expiresAtMs: cached.expiresAtMs }, server.deps.actors.epoch);
    const renewDue = cached.expiresAtMs - RENEW_BEFORE_EXPIRY_MS;

    at(renewDue - 1);
    expect(await loadActor(server.deps, headers)).toEqual({ actor: expect.objectContaining({ name: "Cached copy" }), refreshHeaders: undefined });

    at(renewDue);
    const renewed = await loadActor(server.deps, headers);
    expect(renewed.actor).toMatchObject({ name: user.name, sessionId: session.id });
    expect(renewed.refreshHeaders?.getSetCookie().some((cookie) => cookie.startsWith("portico.session_token="))).toBe(true);
    // The renewal moved expiresAt: the next request reads it back rather than trust a copy.
    expect(server.deps.actors.get(token)).toBeUndefined();
  });

  it("renews a session read from the database from the moment it falls due, not a millisecond before", async () => {
    const { user, headers, token, session } = await signedIn();
    const expiresAt = new Date(Date.now() + 5 * DAY_MS);
    await setTimes(session.id, { expiresAt });
    const renewDue = expiresAt.getTime() - RENEW_BEFORE_EXPIRY_MS;

    at(renewDue - 1);
    const before = await loadActor(server.deps, headers);
    expect(before).toEqual({ actor: expect.objectContaining({ name: user.name }), refreshHeaders: undefined });
    // Not due: the answer is cached, with the session's own expiry.
    expect(server.deps.actors.get(token)).toMatchObject({ expiresAtMs: expiresAt.getTime(), actor: { userId: user.id } });

    server.deps.actors.clear();
    at(renewDue);
    const due = await loadActor(server.deps, headers);
    expect(due.actor).toMatchObject({ userId: user.id, sessionId: session.id });
    expect(due.refreshHeaders?.getSetCookie().some((cookie) => cookie.startsWith("portico.session_token="))).toBe(true);
    expect(server.deps.actors.get(token)).toBeUndefined();
    vi.useRealTimers();
    const [after] = await server.deps.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(after!.expiresAt.getTime()).toBe(renewDue + SESSION_EXPIRES_IN * 1000);
  });

  it("answers no one when the renewal finds the session gone meanwhile", async () => {
    const { headers, session } = await signedIn();
    const expiresAt = new Date(Date.now() + 5 * DAY_MS);
    await setTimes(session.id, { expiresAt });
    // Past its expiry by the time the renewal runs, though the database still had it a moment ago.
    at(expiresAt.getTime() + 1);
    expect((await loadActor(server.deps, headers)).actor).toBeNull();
  });

  it("ends a session at the exact moment its absolute lifetime runs out, and deletes it", async () => {
    const { user, headers, session } = await signedIn();
    const createdAt = new Date(Date.now() - DAY_MS);
    const endsAt = createdAt.getTime() + SESSION_MAX_LIFETIME * 1000;
    // Rolling expiry well past the lifetime, and not due for renewal at either moment below.
    await setTimes(session.id, { createdAt, expiresAt: new Date(endsAt + SESSION_EXPIRES_IN * 1000) });

    at(endsAt - 1);
    expect(await loadActor(server.deps, headers)).toEqual({ actor: expect.objectContaining({ userId: user.id }), refreshHeaders: undefined });

    server.deps.actors.clear();
    at(endsAt);
    expect(await loadActor(server.deps, headers)).toEqual({ actor: null, refreshHeaders: undefined });
    vi.useRealTimers();
    expect(await server.deps.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
  });
});

/** requireSession in front of a bare router: 200 for any path and method, but 409 for a refused POST and requireRole on two routes. */
function guarded(deps: Pick<AppDeps, "auth" | "db" | "env" | "actors">) {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(server.deps.log));
  app.use(requireSession(deps));
  app.post("/api/refused", (c) => c.json({ refused: true }, 409));
  app.get("/api/admin-only", requireRole("admin"), (c) => c.json({ userId: c.var.actor.userId }));
  app.get("/api/customer-only", requireRole("customer"), (c) => c.json({ userId: c.var.actor.userId }));
  app.get("*", (c) => c.json({ userId: c.var.actor.userId }));
  app.on(["OPTIONS", "POST", "PUT", "PATCH", "DELETE"], "*", (c) => c.json({ userId: c.var.actor.userId }));
  return app;
}

describe("requireSession", () => {
  it("answers 401 without a session and puts the caller on the context with one", async () => {
    const { user, headers } = await signedIn();
    const app = guarded(server.deps);
    expect((await app.request("/api/anything")).status).toBe(401);
    const answer = await app.request("/api/anything", { headers });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ userId: user.id });
  });

  it("passes a renewed session's cookie on with the answer, and no cookie otherwise", async () => {
    const { headers, session } = await signedIn();
    const app = guarded(server.deps);
    expect((await app.request("/api/anything", { headers })).headers.getSetCookie()).toEqual([]);
    await setTimes(session.id, { expiresAt: new Date(Date.now() + 5 * DAY_MS) });
    const renewed = await app.request("/api/anything", { headers });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().some((cookie) => cookie.startsWith("portico.session_token="))).toBe(true);
  });

  it("lets requireRole refuse a caller without the route's role with 403", async () => {
    const app = guarded(server.deps);
    const customer = await server.createUser();
    const admin = await server.createUser({ admin: true });
    const status = async (user: { client: { cookieHeader: string } }, path: string) => (await app.request(path, { headers: { cookie: user.client.cookieHeader } })).status;
    expect(await status(customer, "/api/admin-only")).toBe(403);
    expect(await status(customer, "/api/customer-only")).toBe(200);
    expect(await status(admin, "/api/admin-only")).toBe(200);
    expect(await status(admin, "/api/customer-only")).toBe(403);
  });

  it("forgets the writer's cached session after a successful write, and only then", async () => {
    const { headers, token } = await signedIn();
    const app = guarded(server.deps);
    const cachedAfter = async (method: string, path = "/api/anything") => {
      await app.request(path, { method, headers });
      return server.deps.actors.get(token) !== undefined;
    };
    expect(await cachedAfter("GET")).toBe(true);
    expect(await cachedAfter("HEAD")).toBe(true);
    expect(await cachedAfter("OPTIONS")).toBe(true);
    expect(await cachedAfter("POST", "/api/refused")).toBe(true);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(await cachedAfter("GET")).toBe(true);
      expect(await cachedAfter(method), method).toBe(false);
    }
  });

  it("with REQUIRE_ADMIN_2FA, lets an admin without two-factor sign-in reach only /api/me and /api/sessions", async () => {
    const app = guarded({ ...server.deps, env: { ...server.deps.env, REQUIRE_ADMIN_2FA: true } });
    const admin = await server.createUser({ admin: true });
    const headers = new Headers({ cookie: admin.client.cookieHeader });
    const status = async (path: string) => (await app.request(path, { headers })).status;
    for (const path of ["/api/me", "/api/me/", "/api/sessions", "/api/sessions/", "/api/sessions/abc"]) expect(await status(path), path).toBe(200);
    for (const path of ["/api/meetings", "/api/sessionsx", "/api/companies", "/api/x/api/me", "/x/api/me"]) {
      const answer = await app.request(path, { headers });
      expect(answer.status, path).toBe(403);
      expect(((await answer.json()) as { code?: string }).code, path).toBe("two_factor_required");
    }

    // Customers are not asked, and an admin who turned it on passes.
    const customer = await server.createUser();
    expect((await app.request("/api/companies", { headers: { cookie: customer.client.cookieHeader } })).status).toBe(200);
    await server.deps.db.update(profiles).set({ twoFactorEnabled: true }).where(eq(profiles.id, admin.id));
    server.deps.actors.clear();
    expect(await status("/api/companies")).toBe(200);
  });

  it("asks nothing of an admin without two-factor sign-in when REQUIRE_ADMIN_2FA is off", async () => {
    const app = guarded({ ...server.deps, env: { ...server.deps.env, REQUIRE_ADMIN_2FA: false } });
    const admin = await server.createUser({ admin: true });
    expect((await app.request("/api/companies", { headers: { cookie: admin.client.cookieHeader } })).status).toBe(200);
  });
});
