import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { countAdmins, findUserIdByEmail } from "../../accounts";
import { passwordProblemMessages } from "../../password-policy";
import type { DatabaseHandle } from "../../db/client";
import { profiles } from "../../db/schema";
import { sqlOfPglite, sqlOfPostgres, type Sql } from "../../ops/sql";
import { tablesWithRows } from "../../ops/tables";
import { bootstrapAdmin, startServer } from "../../server";
import { openTestDatabase, startTestServer, type TestServer } from "../../test/harness";
import { captureLog } from "../../test/log-capture";
import { beforeAllTests, serverForFile } from "../../test/per-file";
import { envOnFreePort } from "../../test/server-process";
import { SETUP_GUESSES_PER_WINDOW } from "./setup-owner";
import { isSetupCode, normalizeSetupCode, setupCode } from "./setup-code";

const SECRET = "test-secret-test-secret-test-secret-0123";
const owner = (email: string, code: string) => ({ name: "Olive Owner", email, password: "amber-meadow-3", code });

function sqlOf(database: DatabaseHandle): Sql {
  return database.driver.kind === "pglite" ? sqlOfPglite(database.driver.client) : sqlOfPostgres(database.driver.pool as unknown as pg.ClientBase);
}

async function userCount(server: TestServer): Promise<number> {
  return (await server.deps.db.select({ id: profiles.id }).from(profiles)).length;
}

describe("the setup code", () => {
  it("is 128 bits from AUTH_SECRET: the same for the same secret (every process), another for another secret", () => {
    const code = setupCode(SECRET);
    expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{2}$/);
    expect(setupCode(SECRET)).toBe(code);
    expect(setupCode(`${SECRET}x`)).not.toBe(code);
  });

  it("is accepted whatever the case, dashes and spaces, and refused when one character differs", () => {
    const code = setupCode(SECRET);
    expect(isSetupCode(SECRET, code)).toBe(true);
    expect(isSetupCode(SECRET, ` ${code.toLowerCase().replaceAll("-", " ")} `)).toBe(true);
    expect(isSetupCode(SECRET, code.replaceAll("-", ""))).toBe(true);
    const last = code.at(-1)!;
    expect(isSetupCode(SECRET, code.slice(0, -1) + (last === "0" ? "1" : "0"))).toBe(false);
    expect(isSetupCode(SECRET, "")).toBe(false);
    expect(normalizeSetupCode("o-i-l")).toBe("011");
  });
});

describe("start-up without an admin", () => {
  const log = captureLog();
  const started = beforeAllTests(async () => {
    const database = await openTestDatabase();
    const env = await envOnFreePort({ AUTH_SECRET: SECRET, LOG_LEVEL: "info" });
    const server = await startServer(env, { database, logTo: log.destination });
    return { server, database, env };
  });
  afterAll(() => started.server.stop());

  it("prints the setup URL and code, and writes no row (the database stays empty for restore and db:move)", async () => {
    const line = await log.waitFor((entry) => entry.event === "setup.open");
    const url = `${started.env.BASE_URL}/setup`;
    expect(line).toMatchObject({ level: "warn", url, setupCode: setupCode(SECRET) });
    expect(line.msg).toContain(url);
    expect(line.msg).toContain(setupCode(SECRET));
    // The server is up (it logged that it listens after the bootstrap), and nothing holds a row.
    await log.waitFor((entry) => entry.event === "server.listening");
    expect(await tablesWithRows(sqlOf(started.database))).toEqual([]);
  });
});

describe("the setup code in the start-up log", () => {
  const server = serverForFile();

  async function bootLines(env: Partial<typeof server.env> = {}) {
    const log = captureLog();
    await bootstrapAdmin({ ...server.deps, env: { ...server.env, ...env } }, log.logger());
    return log.lines();
  }

  it("is not printed when ADMIN_EMAIL and ADMIN_PASSWORD are set, nor when only one of them is", async () => {
    const code = setupCode(server.env.AUTH_SECRET);
    const withEmailOnly = await bootLines({ ADMIN_EMAIL: "only-email@provider.test" });
    expect(withEmailOnly.map((line) => line.event)).toEqual(["admin.none"]);
    expect(JSON.stringify(withEmailOnly)).not.toContain(code);
    const configured = await bootLines({ ADMIN_EMAIL: "configured@provider.test", ADMIN_PASSWORD: "amber-meadow-6" });
    expect(configured.map((line) => line.event)).toEqual(["admin.created"]);
    expect(JSON.stringify(configured)).not.toContain(code);
  });

  it("is not printed once an admin exists", async () => {
    await server.createUser({ admin: true });
    expect(await bootLines()).toEqual([]);
  });
});

describe("POST /api/setup/owner", () => {
  const server = serverForFile();
  const code = () => setupCode(server.env.AUTH_SECRET);

  it("answers the brand name in use while setup is open", async () => {
    const status = await server.anonymous().get("/api/setup");
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ brandName: "Portico" });
  });

  it("refuses a wrong code with 403 naming the field, and creates nothing", async () => {
    const answer = await server.anonymous().post("/api/setup/owner", owner("wrong-code@provider.test", "AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GG"));
    expect(answer.status).toBe(403);
    expect(answer.problem.errors).toEqual([{ field: "code", message: expect.stringContaining("not the setup code") }]);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await userCount(server)).toBe(0);
  });

  it("refuses the sign-up rules' violations with 400 before looking at the code", async () => {
    const answer = await server.anonymous().post("/api/setup/owner", { ...owner("not-an-address", code()), password: "short" });
    expect(answer.status).toBe(400);
    expect(answer.problem.errors?.map((error) => error.field).sort()).toEqual(["email", "password"]);
    expect(await userCount(server)).toBe(0);
  });

  it("refuses a common password with the right code: 400 naming the password, and creates nothing", async () => {
    const answer = await server.anonymous().post("/api/setup/owner", { ...owner("common@provider.test", code()), password: "qwerty123" });
    expect(answer.status).toBe(400);
    expect(answer.problem.errors).toEqual([{ field: "password", message: passwordProblemMessages.common }]);
    expect(await userCount(server)).toBe(0);
  });

  it("limits guesses per client address: 429 with Retry-After, even for the right code; another address may still try", async () => {
    const guesser = server.anonymous();
    for (let guess = 0; guess < SETUP_GUESSES_PER_WINDOW; guess++) {
      expect((await guesser.post("/api/setup/owner", owner("guesser@provider.test", `WRONG-${guess}`))).status).toBe(403);
    }
    const limited = await guesser.post("/api/setup/owner", owner("guesser@provider.test", code()));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await userCount(server)).toBe(0);
    // Someone else is not locked out by the guesser (a wrong code, so setup stays open for the next test).
    expect((await server.anonymous().post("/api/setup/owner", owner("guesser@provider.test", "WRONG"))).status).toBe(403);
  });

  it("with the right code creates the owner as admin and signs them in by cookie; no token in the body", async () => {
    const browser = server.anonymous();
    const answer = await browser.post("/api/setup/owner", owner("owner@provider.test", code().toLowerCase()));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toEqual({ user: { id: expect.any(String), email: "owner@provider.test", name: "Olive Owner" } });
    expect(JSON.stringify(answer.body)).not.toMatch(/token/i);
    expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith("portico.session_token=") && /httponly/i.test(cookie))).toBe(true);
    const me = await browser.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: "owner@provider.test", role: "admin" });
    expect(await countAdmins(server.deps.db)).toBe(1);
  });

  it("is 404, with GET /api/setup, once an admin exists, and changes nothing", async () => {
    expect((await server.anonymous().get("/api/setup")).status).toBe(404);
    const again = await server.anonymous().post("/api/setup/owner", owner("second@provider.test", code()));
    expect(again.status).toBe(404);
    expect(await findUserIdByEmail(server.deps.db, "second@provider.test")).toBeUndefined();
    expect(await countAdmins(server.deps.db)).toBe(1);
  });
});

describe("setup with ADMIN_EMAIL configured", () => {
  const server = serverForFile(undefined, { ADMIN_EMAIL: "ops@provider.test", ADMIN_PASSWORD: "ops-password" });

  it("has no setup API (404), although no admin exists yet", async () => {
    expect(await countAdmins(server.deps.db)).toBe(0);
    expect((await server.anonymous().get("/api/setup")).status).toBe(404);
    const answer = await server.anonymous().post("/api/setup/owner", owner("someone@provider.test", setupCode(server.env.AUTH_SECRET)));
    expect(answer.status).toBe(404);
    expect(await userCount(server)).toBe(0);
  });
});

describe("two owners submitted at once", () => {
  it("makes exactly one admin; the other gets 404 and leaves no account behind", async () => {
    const server = await startTestServer();
    try {
      const code = setupCode(server.env.AUTH_SECRET);
      const emails = ["first@provider.test", "second@provider.test", "third@provider.test"];
      const answers = await Promise.all(emails.map((email) => server.anonymous().post("/api/setup/owner", owner(email, code))));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 404)).toHaveLength(emails.length - 1);
      expect(await countAdmins(server.deps.db)).toBe(1);
      const winner = emails[statuses.indexOf(201)]!;
      const accounts = await server.deps.db.select({ email: profiles.email }).from(profiles);
      expect(accounts).toEqual([{ email: winner }]);
    } finally {
      await server.close();
    }
  });
});
