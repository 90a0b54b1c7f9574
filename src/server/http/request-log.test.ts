import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer } from "../test/harness";
import { captureLog, type LogLine } from "../test/log-capture";
import { beforeAllTests } from "../test/per-file";

const log = captureLog();
const server = beforeAllTests(() => startTestServer({ LOG_LEVEL: "info" }, { logTo: log.destination }));
afterAll(() => server.close());

/** The request line of the answer that carried this X-Request-Id. */
const lineOf = (headers: Headers): Promise<LogLine> => {
  const id = headers.get("x-request-id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return log.waitFor((line) => line.event === "http.request" && line.requestId === id);
};

describe("the request log", () => {
  it("writes one line per request with its id, method, route pattern, status, duration and user", async () => {
    const user = await server.createUser();
    const me = await user.client.get("/api/me");
    expect(me.status).toBe(200);
    const line = await lineOf(me.headers);
    expect(line).toMatchObject({ level: "info", method: "GET", route: "/api/me", status: 200, userId: user.id, msg: "GET /api/me 200" });
    expect(line.durationMs).toEqual(expect.any(Number));
    expect(line.time).toEqual(expect.any(String));
    expect(log.lines().filter((other) => other.requestId === line.requestId)).toHaveLength(1);

    const anonymous = await server.anonymous().get("/api/health");
    const anonymousLine = await lineOf(anonymous.headers);
    expect(anonymousLine).toMatchObject({ route: "/api/health", status: 200 });
    expect(anonymousLine).not.toHaveProperty("userId");
    expect(anonymousLine.requestId).not.toBe(line.requestId);
  });

  it("names the route pattern, never the requested path, also when a middleware refuses before the route", async () => {
    const user = await server.createUser();
    const missing = randomUUID();
    const notFound = await user.client.get(`/api/tickets/${missing}`);
    expect(notFound.status).toBe(404);
    const line = await lineOf(notFound.headers);
    expect(line).toMatchObject({ method: "GET", route: "/api/tickets/:id", status: 404 });
    expect(JSON.stringify(line)).not.toContain(missing);

    // requireSession answers before the route's handler runs: the line still names the route.
    const refused = await server.anonymous().get("/api/me");
    expect(refused.status).toBe(401);
    expect(await lineOf(refused.headers)).toMatchObject({ route: "/api/me", status: 401 });

    const unknown = await user.client.get("/api/no-such-route/123");
    expect(unknown.status).toBe(404);
    expect(await lineOf(unknown.headers)).toMatchObject({ route: "/api/*", status: 404 });
  });

  it("returns the request id as X-Request-Id and in a problem+json answer, the same as in the log line", async () => {
    const user = await server.createUser();
    const invalid = await user.client.get("/api/tickets/not-an-id");
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("content-type")).toContain("application/problem+json");
    const line = await lineOf(invalid.headers);
    expect(invalid.problem.requestId).toBe(invalid.headers.get("x-request-id"));
    expect(line.requestId).toBe(invalid.problem.requestId);
    expect(line).toMatchObject({ route: "/api/tickets/:id", status: 400 });
  });

  it("writes no cookie, bearer token, password or body of a request into the log", async () => {
    const password = `pw-${randomUUID()}`;
    const user = await server.createUser({ password });
    const bearer = `bearer-${randomUUID()}`;
    const sessionCookie = user.client.cookieHeader;
    expect(sessionCookie).toContain("session_token=");
    const signIn = await user.client.raw("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${bearer}`, cookie: sessionCookie },
      body: JSON.stringify({ email: user.email, password }),
    });
    expect(signIn.status).toBe(200);
    const line = await lineOf(signIn.headers);
    expect(line).toMatchObject({ method: "POST", route: "/api/auth/*", status: 200 });
    // The session the sign-in made, and the one the request carried: neither value may appear.
    const newCookie = user.client.cookieHeader;
    const cookieValues = [...`${sessionCookie}; ${newCookie}`.matchAll(/=([^;]+)/g)].map((match) => decodeURIComponent(match[1]!));
    const secrets = [password, bearer, ...cookieValues, ...cookieValues.map((value) => value.split(".")[0]!)];
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    expect(newCookie).not.toBe(sessionCookie);

    // A refused sign-in, which Better Auth notes in the log as well, shows no more.
    const wrong = await server.anonymous().raw("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${bearer}`, cookie: sessionCookie },
      body: JSON.stringify({ email: user.email, password: `${password}-typo` }),
    });
    expect(wrong.status).toBe(401);
    await lineOf(wrong.headers);

    expect(log.lines().some((other) => other.event === "auth.note")).toBe(true);
    for (const secret of [...secrets, `${password}-typo`, user.email]) expect(log.raw).not.toContain(secret);
    expect(log.raw).not.toMatch(/authorization|cookie/i);
  });
});
