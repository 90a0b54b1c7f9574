import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, profiles } from "../../db/schema";
import { passwordProblemMessages } from "../../password-policy";
import { startTestServer } from "../../test/harness";
import { TestClient } from "../../test/test-client";
import { serverForFile } from "@/server/test/per-file";
import { SIGN_IN_ADDRESS_LIMITS } from "./address-sign-in-limit";
import { expectFieldRefused } from "@/server/test/expect-problem";

const server = serverForFile();

const signUp = (client: TestClient, body: Record<string, unknown>) => client.post("/api/auth/sign-up/email", body);

async function rowCounts() {
  const [p] = await server.deps.db.select({ n: count() }).from(profiles);
  const [a] = await server.deps.db.select({ n: count() }).from(accounts);
  return { profiles: p!.n, accounts: a!.n };
}

describe("sign-up", () => {
  it("creates a customer, signs them in and sets an httpOnly SameSite=Lax session cookie", async () => {
    const client = server.anonymous();
    const response = await signUp(client, { name: "Ada Lovelace", email: "ada@example.test", password: "analytical" });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("portico.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http here; Secure is set behind https
    const me = await client.get("/api/me");
    expect(me.body).toMatchObject({ name: "Ada Lovelace", email: "ada@example.test", role: "customer", company: null });
  });

  it("rejects a duplicate email and writes nothing", async () => {
    const before = await rowCounts();
    const response = await signUp(server.anonymous(), { name: "Other Ada", email: "ada@example.test", password: "fresh-attempt-2" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.problem.detail).toMatch(/exists/i);
    expect(await rowCounts()).toEqual(before);
  });

  it("rejects a short password with a 400 naming the field and writes nothing", async () => {
    const before = await rowCounts();
    const response = await signUp(server.anonymous(), { name: "Short", email: "short@example.test", password: "12345" });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, title: "Bad Request", type: "about:blank" });
    expect(response.problem.errors).toEqual([{ field: "password", message: "Password must be at least 6 characters" }]);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses one of the most common passwords with a 400 naming the field and writes nothing", async () => {
    const before = await rowCounts();
    const response = await signUp(server.anonymous(), { name: "Common", email: "common@example.test", password: "password1" });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "password", message: passwordProblemMessages.common }]);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a password made of the user name or the product's name with a 400 naming the field and writes nothing", async () => {
    const before = await rowCounts();
    for (const password of ["GraceHopper!", "Portico-2026"]) {
      const response = await signUp(server.anonymous(), { name: "Grace Hopper", email: "grace.hopper@example.test", password });
      expect(response.status, password).toBe(400);
      expect(response.problem.errors, password).toEqual([{ field: "password", message: passwordProblemMessages.context }]);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("requires a full name", async () => {
    const response = await signUp(server.anonymous(), { name: "  ", email: "noname@example.test", password: "secret1" });
    expectFieldRefused(response, "name");
  });

  it("ignores a role sent by the client", async () => {
    const client = server.anonymous();
    await signUp(client, { name: "Mallory", email: "mallory@example.test", password: "role-play-44", role: "admin" });
    expect((await client.get("/api/me")).body.role).toBe("customer");
  });
});

describe("sign-in", () => {
  it("signs in with the right password", async () => {
    const user = await server.createUser({ email: "grace@example.test" });
    const client = server.anonymous();
    const response = await client.post("/api/auth/sign-in/email", { email: user.email, password: user.password });
    expect(response.status).toBe(200);
    expect((await client.get("/api/me")).body.email).toBe("grace@example.test");
  });

  it("refuses a wrong password with a clear message", async () => {
    const user = await server.createUser();
    const response = await server.anonymous().post("/api/auth/sign-in/email", { email: user.email, password: "wrong-password" });
    expect(response.status).toBe(401);
    expect(response.problem.detail).toBe("Invalid email or password");
  });

  it(`lets an office of ${SIGN_IN_ADDRESS_LIMITS.attempts} people sign in from one address within a minute, and answers the next attempt 429`, async () => {
    const office = server.anonymous().ip;
    const staff = await Promise.all(Array.from({ length: SIGN_IN_ADDRESS_LIMITS.attempts }, () => server.createUser()));
    const statuses: number[] = [];
    for (const person of staff) statuses.push((await new TestClient(server.baseUrl, office).post("/api/auth/sign-in/email", { email: person.email, password: person.password })).status);
    expect(statuses).toEqual(staff.map(() => 200));
    const next = await new TestClient(server.baseUrl, office).post("/api/auth/sign-in/email", { email: staff[0]!.email, password: staff[0]!.password });
    expect(next.status).toBe(429);
    expect(Number(next.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 120_000);

  it(`limits wrong passwords from one address across accounts: after ${SIGN_IN_ADDRESS_LIMITS.failures}, even the right one gets 429`, async () => {
    const user = await server.createUser();
    const client = server.anonymous();
    const statuses: number[] = [];
    // A different account each time: the per-account limit never bites, this is the address's.
    for (let i = 0; i < SIGN_IN_ADDRESS_LIMITS.failures; i++) statuses.push((await client.post("/api/auth/sign-in/email", { email: `victim-${i}@example.test`, password: `guess-${i}` })).status);
    expect(statuses).toEqual(Array(SIGN_IN_ADDRESS_LIMITS.failures).fill(401));
    const refused = await client.post("/api/auth/sign-in/email", { email: user.email, password: user.password });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back by this one's count.
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email: user.email, password: user.password })).status).toBe(200);
  });

  it("still limits one account from one address: the 6th wrong password in a row gets 429", async () => {
    const user = await server.createUser();
    const client = server.anonymous();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post("/api/auth/sign-in/email", { email: user.email, password: `guess-${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("stores the password as a node:crypto scrypt hash with OWASP parameters unless told otherwise", async () => {
    // The harness sets the weak test cost; an empty value is an unset one, as in a real deployment.
    const deployed = await startTestServer({ PASSWORD_HASH_COST: "" });
    try {
      const user = await deployed.createUser();
      const [account] = await deployed.deps.db.select().from(accounts).where(eq(accounts.userId, user.id));
      expect(account!.password).toMatch(/^scrypt\$131072\$8\$1\$/);
    } finally {
      await deployed.close();
    }
  });
});

describe("sign-out", () => {
  it("ends the session so the old cookie gets 401", async () => {
    const user = await server.createUser();
    const stolenCookie = user.client.cookieHeader;
    expect((await user.client.signOut()).status).toBe(200);
    const replay = await server.anonymous().raw("/api/me", { headers: { cookie: stolenCookie } });
    expect(replay.status).toBe(401);
  });
});

describe("rate limiting without a trusted proxy", () => {
  it("cannot be dodged with spoofed X-Forwarded-For values", async () => {
    const direct = await startTestServer({ TRUSTED_PROXIES: "" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= SIGN_IN_ADDRESS_LIMITS.failures; i++) {
        const response = await fetch(`${direct.baseUrl}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: direct.baseUrl, "x-forwarded-for": `203.0.113.${i}` },
          body: JSON.stringify({ email: `victim-${i}@example.test`, password: `guess-${i}` }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(SIGN_IN_ADDRESS_LIMITS.failures).fill(401), 429]);
    } finally {
      await direct.close();
    }
  });
});
