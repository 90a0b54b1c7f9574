import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { like, or, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { rateLimits } from "../../db/schema";
import { nextClientIp, type TestUser } from "../../test/harness";
import { serverForFile } from "../../test/per-file";
import { TestClient } from "../../test/test-client";
import { CURRENT_PASSWORD_LIMITS } from "./current-password";

/**
 * Every check of the current password (changing the address or the password, turning two-factor
 * sign-in on or off) is one limited path: wrong guesses are counted per account and per client
 * address, in the database, and past the allowance even the right password waits for the window.
 */
const server = serverForFile();

const codeFor = (secret: string, at = Date.now()) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });
const WRONG = "not-the-password";

interface Reauthentication {
  path: "/api/auth/change-email" | "/api/auth/change-password" | "/api/auth/two-factor/enable" | "/api/auth/two-factor/disable";
  /** The field a wrong password is named by. */
  field: "currentPassword" | "password";
  /** The request's body around `password`, for an account `prepare` made ready. */
  body: (password: string, secret: string) => Record<string, unknown>;
  /** Readies the account and answers its TOTP secret (two-factor sign-in must be on to turn it off). */
  prepare?: (user: TestUser) => Promise<string>;
}

const newAddress = () => `moved-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/**
 * Turns two-factor sign-in on, confirmed with the current period's code. Turning it off then takes
 * the next period's (the server accepts one period either side): a later time step than
 * enrolment's, whichever period boundary a request crosses on its way.
 */
async function enrol(user: TestUser): Promise<string> {
  const started = await user.client.post("/api/auth/two-factor/enable", { password: user.password });
  expect(started.status).toBe(200);
  const { secret } = started.body as { secret: string };
  expect((await user.client.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret) })).status).toBe(200);
  return secret;
}

const reauthentications: Reauthentication[] = [
  { path: "/api/auth/change-email", field: "currentPassword", body: (currentPassword) => ({ newEmail: newAddress(), currentPassword }) },
  { path: "/api/auth/change-password", field: "currentPassword", body: (currentPassword) => ({ currentPassword, newPassword: "another-lantern-52" }) },
  { path: "/api/auth/two-factor/enable", field: "password", body: (password) => ({ password }) },
  { path: "/api/auth/two-factor/disable", field: "password", body: (password, secret) => ({ password, code: codeFor(secret, Date.now() + 30_000) }), prepare: enrol },
];

/** The user's browser (its session cookie) sending from client address `ip`. */
const from = (user: TestUser, ip: string, path: Reauthentication["path"], body: Record<string, unknown>) =>
  new TestClient(server.baseUrl, ip).request("POST", path, body, { cookie: user.client.cookieHeader });

/** The window passes: every current-password count (and the code count of turning two-factor off) is moved one window back. */
const windowPasses = () =>
  server.deps.db
    .update(rateLimits)
    .set({ lastRequest: sql`${rateLimits.lastRequest} - ${CURRENT_PASSWORD_LIMITS.windowMs}` })
    .where(or(like(rateLimits.key, "current-password:%"), like(rateLimits.key, "two-factor-code:%")));

async function readyUser(endpoint: Reauthentication) {
  const user = await server.createUser();
  const secret = endpoint.prepare ? await endpoint.prepare(user) : "";
  return { user, secret };
}

describe.each(reauthentications)("the current password at $path", (endpoint) => {
  it(`is refused with 429 and Retry-After after ${CURRENT_PASSWORD_LIMITS.perAccount} wrong guesses for one account from any addresses, the right one too, until the window passes`, async () => {
    const { user, secret } = await readyUser(endpoint);
    for (let guess = 0; guess < CURRENT_PASSWORD_LIMITS.perAccount; guess += 1) {
      const wrong = await from(user, nextClientIp(), endpoint.path, endpoint.body(WRONG, secret));
      expect(wrong.status, `guess ${guess + 1}`).toBe(400);
      expect(wrong.problem.errors![0]!.field).toBe(endpoint.field);
    }
    const limited = await from(user, nextClientIp(), endpoint.path, endpoint.body(WRONG, secret));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const right = await from(user, nextClientIp(), endpoint.path, endpoint.body(user.password, secret));
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);

    await windowPasses();
    expect((await from(user, nextClientIp(), endpoint.path, endpoint.body(user.password, secret))).status).toBe(200);
  });

  it(`is refused with 429 and Retry-After after ${CURRENT_PASSWORD_LIMITS.perAddress} wrong guesses from one address across accounts, the right one too, until the window passes`, async () => {
    const address = nextClientIp();
    const perAccount = CURRENT_PASSWORD_LIMITS.perAccount - 1;
    let guesses = 0;
    while (guesses < CURRENT_PASSWORD_LIMITS.perAddress) {
      const { user, secret } = await readyUser(endpoint);
      for (let guess = 0; guess < perAccount && guesses < CURRENT_PASSWORD_LIMITS.perAddress; guess += 1, guesses += 1) {
        expect((await from(user, address, endpoint.path, endpoint.body(WRONG, secret))).status, `guess ${guesses + 1}`).toBe(400);
      }
    }
    // An account with no wrong guess of its own, from that address: refused, the right password too.
    const fresh = await readyUser(endpoint);
    const limited = await from(fresh.user, address, endpoint.path, endpoint.body(fresh.user.password, fresh.secret));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same account from another address is not held back: the count was the address's.
    expect((await from(fresh.user, nextClientIp(), endpoint.path, endpoint.body(fresh.user.password, fresh.secret))).status).toBe(200);

    await windowPasses();
    const later = await readyUser(endpoint);
    expect((await from(later.user, address, endpoint.path, endpoint.body(later.user.password, later.secret))).status).toBe(200);
  });
});

describe("the one path", () => {
  it("is the only server code that asks Better Auth to check a session's password", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const callers = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
      .filter((file) => /\.api\.verifyPassword\(/.test(readFileSync(join(root, file), "utf8")));
    expect(callers).toEqual([join("modules", "auth", "current-password.ts")]);
  });
});
