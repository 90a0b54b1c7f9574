import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Auth } from "../auth";
import { sessions } from "../db/schema";
import { startTestServer, type TestServer } from "../test/harness";
import { send } from "../test/security/http";
import { cellsOf, permissionMatrix } from "../test/security/matrix";
import { mapConcurrent } from "../test/security/pool";
import { worldForFile } from "@/server/test/per-file";
import { SIGN_IN_ADDRESS_LIMITS } from "../modules/auth/address-sign-in-limit";

/**
 * Session and sign-in hardening beyond src/server/modules/auth/auth.test.ts (which covers the
 * sign-up cookie flags, replaying one signed-out cookie on /api/me, the per-address and per-account
 * sign-in limits, and spoofed X-Forwarded-For values without a trusted proxy).
 */

/** Generous: the machine may be busy, and each sign-in or sign-up hashes a password. */
const LONG = 180_000;
const { server, world } = worldForFile();

/** What Better Auth's sign-in and get-session answers carry; /api/auth/* is no route of ApiType, so their bodies are `unknown`. */
type WithUser = { user: Auth["$Infer"]["Session"]["user"] };

const signIn = (email: string, password: string, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  send(server.baseUrl, "/api/auth/sign-in/email", { method: "POST", json: { email, password }, ...options });

const sessionCookie = (setCookies: string[], name = "portico.session_token") => setCookies.find((cookie) => cookie.startsWith(`${name}=`));
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

describe("session cookies", () => {
  it("sets the sign-in session cookie HttpOnly, SameSite=Lax, site-wide, for 7 days, not Secure over plain http", async () => {
    const { email, password } = world.users.customerA;
    const response = await signIn(email, password);
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response.headers.getSetCookie())!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).toMatch(/; Max-Age=604800/i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it("never hands the session token to scripts: no answer of sign-in, sign-up or get-session contains it", async () => {
    const { email, password } = world.users.memberA;
    const signedIn = await signIn(email, password);
    const token = decodeURIComponent(cookiePair(sessionCookie(signedIn.headers.getSetCookie())!).split("=")[1]!).split(".")[0]!;
    expect(token.length).toBeGreaterThan(16);
    expect(signedIn.text).not.toContain(token);
    expect((signedIn.body as WithUser).user.email).toBe(email);
    const session = await send(server.baseUrl, "/api/auth/get-session", { cookie: cookiePair(sessionCookie(signedIn.headers.getSetCookie())!) });
    expect(session.status).toBe(200);
    expect((session.body as WithUser).user.email).toBe(email);
    expect(session.text).not.toContain(token);
    const signUp = await send(server.baseUrl, "/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "Token Check", email: `token-${randomUUID().slice(0, 8)}@example.test`, password: "river-stone-81" },
    });
    const newToken = decodeURIComponent(cookiePair(sessionCookie(signUp.headers.getSetCookie())!).split("=")[1]!).split(".")[0]!;
    expect(signUp.body).not.toHaveProperty("token");
    expect(signUp.text).not.toContain(newToken);
  });
});

describe("sessions that are over", () => {
  it("answers a signed-out cookie on every route exactly as it answers a stranger", async () => {
    const { email, password } = world.users.customerA;
    const signedIn = await signIn(email, password);
    const cookie = cookiePair(sessionCookie(signedIn.headers.getSetCookie())!);
    expect((await send(server.baseUrl, "/api/me", { cookie })).status).toBe(200);
    expect((await send(server.baseUrl, "/api/auth/sign-out", { method: "POST", json: {}, cookie })).status).toBe(200);

    const strangerCells = cellsOf(permissionMatrix(world)).filter((cell) => cell.actor === "anonymous");
    const failures: string[] = [];
    await mapConcurrent(strangerCells, 6, async (cell) => {
      const request = await cell.build(world, "anonymous");
      const response = await send(server.baseUrl, request.path, {
        method: cell.method,
        cookie,
        ...(request.json === undefined ? {} : { json: request.json }),
      });
      const expected = typeof cell.expect === "number" ? cell.expect : cell.expect.status;
      if (response.status !== expected) failures.push(`${cell.route} [${cell.object}]: ${response.status}, a stranger gets ${expected}`);
    });
    expect(failures).toEqual([]);
    expect(strangerCells.length).toBeGreaterThan(80);
  }, LONG);

  it("refuses an expired session, a tampered signature and a token without its signature with 401", async () => {
    const { email, password } = world.users.memberA;
    const signedIn = await signIn(email, password);
    const pair = cookiePair(sessionCookie(signedIn.headers.getSetCookie())!);
    const [name, value] = pair.split("=") as [string, string];
    const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const forged of [`${name}=${encodeURIComponent(`${token}.${flipped}`)}`, `${name}=${token}`, `${name}=${encodeURIComponent(`${randomUUID()}.${signature}`)}`]) {
      expect((await send(server.baseUrl, "/api/me", { cookie: forged })).status, forged).toBe(401);
    }
    expect((await send(server.baseUrl, "/api/me", { cookie: pair })).status).toBe(200);
    // The sessions trigger's notice evicts the cached session (ADR 010); on PostgreSQL it arrives
    // over the LISTEN connection a moment after the commit. Wait for the eviction, not a clock.
    const epoch = server.deps.actors.epoch;
    await server.deps.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(sessions.token, token));
    await vi.waitFor(() => expect(server.deps.actors.epoch).not.toBe(epoch));
    expect((await send(server.baseUrl, "/api/me", { cookie: pair })).status).toBe(401);
    expect((await send(server.baseUrl, "/api/events", { cookie: pair })).status).toBe(401);
  });
});

describe("sign-in brute force", () => {
  it("stays limited after the 5th rapid wrong attempt at one account, even for the right password", async () => {
    const { email, password } = world.users.loner;
    const ip = "10.201.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn(email, `wrong-${i}`, { ip })).status);
    statuses.push((await signIn(email, password, { ip })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it("keys the per-address limit on the address our trusted proxy saw, not on hops the client wrote into X-Forwarded-For", async () => {
    const statuses: number[] = [];
    // A different account each time, so that only the address's count of wrong passwords can bite.
    for (let i = 0; i <= SIGN_IN_ADDRESS_LIMITS.failures; i++) {
      // The client sends its own X-Forwarded-For; the proxy (127.0.0.1, trusted here) appends the real address.
      statuses.push((await signIn(`victim-${i}@example.test`, `guess-${i}`, { ip: `198.51.100.${i}, 203.0.113.${i}, 10.202.0.1` })).status);
    }
    expect(statuses).toEqual([...Array(SIGN_IN_ADDRESS_LIMITS.failures).fill(401), 429]);
  });

  it("rate limits sign-up the same way", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await send(server.baseUrl, "/api/auth/sign-up/email", {
        method: "POST",
        json: { name: "Spam", email: `spam-${randomUUID().slice(0, 8)}@example.test`, password: "river-stone-82" },
        ip: "10.203.0.1",
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("a deployment behind https without a trusted proxy", () => {
  const origin = "https://portal.example";
  let direct: TestServer;
  beforeAll(async () => {
    direct = await startTestServer({ BASE_URL: origin, TRUSTED_PROXIES: "" });
  });
  afterAll(() => direct.close());

  it("marks the session cookie Secure, with the __Secure- prefix, on a server-side sign-in and on a sign-up over HTTP", async () => {
    const user = { email: "secure@example.test", password: "river-stone-83", name: "Secure Sam" };
    // Over HTTP, as a browser on https://portal.example behind a TLS-terminating proxy gets it...
    const response = await send(direct.baseUrl, "/api/auth/sign-up/email", { method: "POST", json: user, headers: { origin } });
    expect(response.status).toBe(200);
    const overHttp = sessionCookie(response.headers.getSetCookie(), "__Secure-portico.session_token")!;
    expect(sessionCookie(response.headers.getSetCookie())).toBeUndefined();
    // ...and as Better Auth sets it on a server-side sign-in.
    const { headers } = await direct.deps.auth.api.signInEmail({ body: user, returnHeaders: true });
    const serverSide = sessionCookie(headers.getSetCookie(), "__Secure-portico.session_token")!;
    for (const cookie of [overHttp, serverSide]) {
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
    }
    // The Secure cookie is the one the API reads.
    expect((await send(direct.baseUrl, "/api/me", { cookie: cookiePair(serverSide) })).status).toBe(200);
  });

  it("stays limited whatever client-address headers an attacker rotates", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_ADDRESS_LIMITS.failures; i++) {
      const response = await send(direct.baseUrl, "/api/auth/sign-in/email", {
        method: "POST",
        json: { email: `victim-${i}@example.test`, password: `guess-${i}` },
        ip: `203.0.113.${i}`,
        headers: {
          origin,
          "x-portico-client-ip": `198.51.100.${i}`,
          "x-real-ip": `192.0.2.${i}`,
          "cf-connecting-ip": `192.0.2.${i + 50}`,
          forwarded: `for=192.0.2.${i + 100}`,
        },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(SIGN_IN_ADDRESS_LIMITS.failures).fill(401), 429]);
  });
});
