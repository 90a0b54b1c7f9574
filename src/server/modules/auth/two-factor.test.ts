import { and, eq, like } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { profiles, rateLimits, sessions, twoFactors, verifications } from "../../db/schema";
import type { TestUser } from "../../test/harness";
import { serverForFile } from "../../test/per-file";
import { type TestClient } from "../../test/test-client";

const server = serverForFile();

interface Enrolment {
  totpURI: string;
  secret: string;
  qrCode: string;
  backupCodes: string[];
}

/** The authenticator app: the code for `secret` (base32, as the page shows it) at `at`. */
const codeFor = (secret: string, at = Date.now()) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });
/** A 6-digit code that is none of the ones the server accepts now (it allows one period either side). */
const wrongCodeFor = (secret: string) => {
  const accepted = new Set([-30_000, 0, 30_000].map((offset) => codeFor(secret, Date.now() + offset)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, "0");
    if (!accepted.has(candidate)) return candidate;
  }
};

const stored = async (userId: string) => {
  const [profile] = await server.deps.db.select({ enabled: profiles.twoFactorEnabled }).from(profiles).where(eq(profiles.id, userId));
  const rows = await server.deps.db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
  return { enabled: profile!.enabled, rows };
};

/** Turns two-factor sign-in on for `user` as the account page does; answers what enrolment showed. */
async function enrol(user: TestUser): Promise<Enrolment> {
  const started = await user.client.post("/api/auth/two-factor/enable", { password: user.password });
  expect(started.status).toBe(200);
  const enrolment = started.body as Enrolment;
  // The previous period's code (the server accepts one period either side): each code is accepted
  // once, and the tests then sign in with the current one. The clock stands still while the code is
  // made and checked: a period that ended between the two made the code two periods old, and the
  // server refused it (a clean-clone run failed so).
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  try {
    const confirmed = await user.client.post("/api/auth/two-factor/verify-totp", { code: codeFor(enrolment.secret, Date.now() - 30_000) });
    expect(confirmed.status).toBe(200);
  } finally {
    vi.useRealTimers();
  }
  return enrolment;
}

/** A new device: email and password, which (with two-factor sign-in on) asks for a code. */
/** A new account with two-factor sign-in on, and its enrolment. */
async function enrolledUser() {
  const user = await server.createUser();
  return { user, ...(await enrol(user)) };
}

async function passwordStep(user: TestUser) {
  const device = server.anonymous();
  const response = await device.post("/api/auth/sign-in/email", { email: user.email, password: user.password });
  return { device, response };
}

/**
 * The same browser (its cookies) from a new client address: Better Auth allows 3 requests per 10 s
 * per address and path, and the per-account limits under test must hold across addresses.
 */
const fromNewAddress = (client: TestClient) => {
  const other = server.anonymous();
  return { post: (path: string, body: unknown) => other.request("POST", path, body, { cookie: client.cookieHeader }) };
};

const signedIn = async (client: TestClient) => (await client.get("/api/me")).status === 200;

describe("turning two-factor sign-in on", () => {
  it("asks for the password, then shows the key, a QR code and 10 backup codes; a right code turns it on", async () => {
    const user = await server.createUser();
    const started = await user.client.post("/api/auth/two-factor/enable", { password: user.password });
    expect(started.status).toBe(200);
    const enrolment = started.body as Enrolment;
    expect(enrolment.totpURI).toMatch(/^otpauth:\/\/totp\/Portico:/);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(new URL(enrolment.totpURI).searchParams.get("secret")).toBe(enrolment.secret);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qrCode.split(",")[1]!, "base64").toString("utf8")).toContain("<svg");
    expect(enrolment.backupCodes).toHaveLength(10);
    expect(new Set(enrolment.backupCodes).size).toBe(10);
    for (const code of enrolment.backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // Not on until a code proves the app has the key.
    expect(await stored(user.id)).toMatchObject({ enabled: false, rows: [{ verified: false }] });
    expect((await user.client.get("/api/me")).body).toMatchObject({ twoFactor: { enabled: false, required: false } });

    const confirmed = await user.client.post("/api/auth/two-factor/verify-totp", { code: codeFor(enrolment.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).not.toHaveProperty("token");
    expect(await stored(user.id)).toMatchObject({ enabled: true, rows: [{ verified: true }] });
    // The plugin replaced the session; the client follows the new cookie and stays signed in.
    expect((await user.client.get("/api/me")).body).toMatchObject({ twoFactor: { enabled: true, required: false } });
  });

  it("refuses a wrong password with a 400 naming the field, and stores nothing", async () => {
    const user = await server.createUser();
    const response = await user.client.post("/api/auth/two-factor/enable", { password: "not-my-password" });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "password", message: "Password is incorrect" }]);
    expect(await stored(user.id)).toEqual({ enabled: false, rows: [] });
  });

  it("refuses a wrong confirmation code with a 400 naming the field, and leaves two-factor sign-in off", async () => {
    const user = await server.createUser();
    const started = await user.client.post("/api/auth/two-factor/enable", { password: user.password });
    const { secret } = started.body as Enrolment;
    const before = await stored(user.id);
    const response = await user.client.post("/api/auth/two-factor/verify-totp", { code: wrongCodeFor(secret) });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "code", message: "That code is not right. Check your authenticator app and try again." }]);
    expect(await stored(user.id)).toEqual(before);
    expect(before).toMatchObject({ enabled: false, rows: [{ verified: false }] });
    // Signing in still needs the password only.
    const { response: signIn } = await passwordStep(user);
    expect(signIn.status).toBe(200);
    expect(signIn.body).not.toHaveProperty("twoFactorRedirect");
  });

  it("refuses a code that is not 6 digits before Better Auth sees it", async () => {
    const user = await server.createUser();
    await user.client.post("/api/auth/two-factor/enable", { password: user.password });
    for (const code of ["12345", "1234567", "abcdef", "", 123456]) {
      const response = await user.client.post("/api/auth/two-factor/verify-totp", { code });
      expect(response.status).toBe(400);
      expect(response.problem.errors).toEqual([{ field: "code", message: "Enter the 6-digit code from your authenticator app" }]);
    }
  });

  it("cannot be started twice once it is on", async () => {
    const { user, secret } = await enrolledUser();
    const again = await user.client.post("/api/auth/two-factor/enable", { password: user.password });
    expect(again.status).toBe(400);
    expect(again.problem.detail).toBe("Two-factor sign-in is already on for this account");
    // The key did not change: the app's codes still work.
    const { device } = await passwordStep(user);
    expect((await device.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret) })).status).toBe(200);
  });

  it("needs a session", async () => {
    expect((await server.anonymous().post("/api/auth/two-factor/enable", { password: "whatever-1" })).status).toBe(401);
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("answers the password with a request for a code, and no session until the code", async () => {
    const { user, secret } = await enrolledUser();
    const { device, response } = await passwordStep(user);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await signedIn(device)).toBe(false);

    const verified = await device.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret) });
    expect(verified.status).toBe(200);
    expect(verified.body).not.toHaveProperty("token");
    expect(await signedIn(device)).toBe(true);
  });

  it("still asks for the code after a password reset: the reset link does not get around it", async () => {
    const { user, secret } = await enrolledUser();
    expect((await server.anonymous().post("/api/auth/request-password-reset", { email: user.email })).status).toBe(200);
    const [link] = await server.deps.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, user.id)));
    const token = link!.identifier.slice("reset-password:".length);
    const reset = await server.anonymous().post("/api/auth/reset-password", { token, newPassword: "fresh-lantern-81" });
    expect(reset.status).toBe(200);
    expect(reset.headers.getSetCookie().some((cookie) => cookie.startsWith("portico.session_token="))).toBe(false);

    const device = server.anonymous();
    const response = await device.post("/api/auth/sign-in/email", { email: user.email, password: "fresh-lantern-81" });
    expect(response.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await signedIn(device)).toBe(false);
    expect((await device.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret) })).status).toBe(200);
    expect(await signedIn(device)).toBe(true);
  });

  it("refuses a wrong code with a 400 naming the field, and makes no session", async () => {
    const { user, secret } = await enrolledUser();
    const { device } = await passwordStep(user);
    const response = await device.post("/api/auth/two-factor/verify-totp", { code: wrongCodeFor(secret) });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "code", message: "That code is not right. Check your authenticator app and try again." }]);
    expect(await signedIn(device)).toBe(false);
    // The same challenge still takes the right code.
    expect((await device.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret) })).status).toBe(200);
  });

  it("accepts an app's code once: the same code again signs nobody in, and the password comes first again", async () => {
    const { user, secret } = await enrolledUser();
    const code = codeFor(secret);
    const first = await passwordStep(user);
    expect((await first.device.post("/api/auth/two-factor/verify-totp", { code })).status).toBe(200);
    expect(await signedIn(first.device)).toBe(true);

    const sessionIds = async () => (await server.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((row) => row.id).sort();
    const before = await sessionIds();
    const second = await passwordStep(user);
    const replayed = await second.device.post("/api/auth/two-factor/verify-totp", { code });
    expect(replayed.status).toBe(400);
    expect(replayed.problem.detail).toBe("That code has been used already. Sign in again with your password and the next code in your authenticator app.");
    expect(replayed.headers.getSetCookie().some((cookie) => cookie.startsWith("portico.session_token="))).toBe(false);
    expect(await signedIn(second.device)).toBe(false);
    // The session Better Auth made for the replay is gone again.
    expect(await sessionIds()).toEqual(before);
  });

  describe("by time step", () => {
    const PERIOD_MS = 30_000;
    /** The middle of the current period: the steps either side stay in the accepted window for the whole test. */
    const middleOfPeriod = () => Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS + PERIOD_MS / 2;
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A new account that asked to turn two-factor sign-in on, the clock stopped in the middle of a period. */
    async function enrolmentStartedAtFixedTime() {
      const now = middleOfPeriod();
      vi.useFakeTimers({ toFake: ["Date"], now });
      const user = await server.createUser();
      const started = await user.client.post("/api/auth/two-factor/enable", { password: user.password });
      return { now, user, secret: (started.body as Enrolment).secret };
    }

    it("refuses enrolment's code once a later code has signed in: code A enrols, code B signs in, code A again signs nobody in", async () => {
      const { now, user, secret } = await enrolmentStartedAtFixedTime();
      const codeA = codeFor(secret, now - PERIOD_MS);
      const codeB = codeFor(secret, now);
      expect((await user.client.post("/api/auth/two-factor/verify-totp", { code: codeA })).status).toBe(200);

      const first = await passwordStep(user);
      expect((await first.device.post("/api/auth/two-factor/verify-totp", { code: codeB })).status).toBe(200);
      expect(await signedIn(first.device)).toBe(true);

      const second = await passwordStep(user);
      const replayed = await second.device.post("/api/auth/two-factor/verify-totp", { code: codeA });
      expect(replayed.status).toBe(400);
      expect(replayed.problem.detail).toBe("That code has been used already. Sign in again with your password and the next code in your authenticator app.");
      expect(await signedIn(second.device)).toBe(false);
    });

    it("refuses a code of a step before the last accepted one, though that code was never used", async () => {
      const { now, user, secret } = await enrolmentStartedAtFixedTime();
      // Enrolled with the next period's code (a phone clock a little ahead): the current step is now behind.
      expect((await user.client.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret, now + PERIOD_MS) })).status).toBe(200);

      const { device } = await passwordStep(user);
      const earlier = await device.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret, now) });
      expect(earlier.status).toBe(400);
      expect(await signedIn(device)).toBe(false);
    });
  });

  it("refuses a code without the password step first", async () => {
    const { secret } = await enrolledUser();
    const stranger = server.anonymous();
    const response = await stranger.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret) });
    expect(response.status).toBe(401);
    expect(response.problem.detail).toBe("Your sign-in has expired. Enter your email and password again.");
    expect(await signedIn(stranger)).toBe(false);
  });

  it("takes a backup code once: a second use of the same code is refused", async () => {
    const { user, backupCodes } = await enrolledUser();
    const [code] = backupCodes;

    const first = await passwordStep(user);
    const used = await first.device.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(used.status).toBe(200);
    expect(await signedIn(first.device)).toBe(true);

    const second = await passwordStep(user);
    const reused = await second.device.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(reused.status).toBe(400);
    expect(reused.problem.errors).toEqual([{ field: "code", message: "That backup code is not right, or it has been used already" }]);
    expect(await signedIn(second.device)).toBe(false);
    // Another of the ten still works.
    expect((await second.device.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1] })).status).toBe(200);
    expect(await signedIn(second.device)).toBe(true);
  });

  it("ends a challenge after 5 wrong codes: the right code then needs the password again", async () => {
    const { user, secret } = await enrolledUser();
    const { device } = await passwordStep(user);
    const wrong = wrongCodeFor(secret);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const tryFrom = fromNewAddress(device);
      expect((await tryFrom.post("/api/auth/two-factor/verify-totp", { code: wrong })).status).toBe(400);
    }
    const last = await fromNewAddress(device).post("/api/auth/two-factor/verify-totp", { code: codeFor(secret) });
    expect(last.status).toBe(400);
    expect(last.problem.detail).toBe("Too many wrong codes. Enter your email and password again.");
    expect(await signedIn(device)).toBe(false);
  });

  it("locks the account's code step for 15 minutes after 10 wrong codes in a row, across challenges", async () => {
    const { user, secret } = await enrolledUser();
    const wrong = wrongCodeFor(secret);
    for (let challenge = 0; challenge < 2; challenge += 1) {
      const { device } = await passwordStep(user);
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await fromNewAddress(device).post("/api/auth/two-factor/verify-totp", { code: wrong })).status).toBe(400);
    }
    const { device } = await passwordStep(user);
    const locked = await device.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret) });
    expect(locked.status).toBe(429);
    expect(locked.problem.detail).toBe("Too many wrong codes for this account. Please try again in 15 minutes.");
    expect(await signedIn(device)).toBe(false);
    const [row] = await server.deps.db.select({ lockedUntil: twoFactors.lockedUntil }).from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);
  });

  it("skips the code on a device trusted at the code step, and only there", async () => {
    const { user, secret } = await enrolledUser();
    const { device } = await passwordStep(user);
    expect((await device.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret), trustDevice: true })).status).toBe(200);
    await device.signOut();
    const again = await device.post("/api/auth/sign-in/email", { email: user.email, password: user.password });
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty("twoFactorRedirect");
    expect(await signedIn(device)).toBe(true);
    // Another browser still needs the code.
    expect((await passwordStep(user)).response.body).toMatchObject({ twoFactorRedirect: true });
  });

  it("keeps the account's sign-in count until the code: a right password alone does not clear it", async () => {
    const { user, secret } = await enrolledUser();
    const key = `account-sign-in:${user.email}`;
    const count = async () => (await server.deps.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count;
    const { device } = await passwordStep(user);
    expect(await count()).toBe(1);
    expect((await device.post("/api/auth/two-factor/verify-totp", { code: codeFor(secret) })).status).toBe(200);
    expect(await count()).toBeUndefined();
  });
});

describe("turning two-factor sign-in off", () => {
  it("needs the password and a current code; then sign-in needs the password only", async () => {
    const { user, secret } = await enrolledUser();
    const response = await user.client.post("/api/auth/two-factor/disable", { password: user.password, code: codeFor(secret) });
    expect(response.status).toBe(200);
    expect(await stored(user.id)).toEqual({ enabled: false, rows: [] });
    expect((await user.client.get("/api/me")).body).toMatchObject({ twoFactor: { enabled: false } });
    const { response: signIn } = await passwordStep(user);
    expect(signIn.body).not.toHaveProperty("twoFactorRedirect");
  });

  it("refuses a wrong password or a wrong code, each naming its field, and leaves it on", async () => {
    const { user, secret } = await enrolledUser();
    const before = await stored(user.id);

    const wrongPassword = await user.client.post("/api/auth/two-factor/disable", { password: "not-my-password", code: codeFor(secret) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.problem.errors).toEqual([{ field: "password", message: "Password is incorrect" }]);

    const wrongCode = await user.client.post("/api/auth/two-factor/disable", { password: user.password, code: wrongCodeFor(secret) });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.problem.errors).toEqual([{ field: "code", message: "That code is not right. Check your authenticator app and try again." }]);

    const noCode = await fromNewAddress(user.client).post("/api/auth/two-factor/disable", { password: user.password });
    expect(noCode.status).toBe(400);
    expect(noCode.problem.errors).toEqual([{ field: "code", message: "Enter the 6-digit code from your authenticator app, or a backup code" }]);

    expect(await stored(user.id)).toEqual(before);
    expect((await passwordStep(user)).response.body).toMatchObject({ twoFactorRedirect: true });
  });

  it("takes a backup code instead of the app's code, for an owner whose phone is lost", async () => {
    const { user, backupCodes } = await enrolledUser();
    const response = await user.client.post("/api/auth/two-factor/disable", { password: user.password, code: backupCodes[3] });
    expect(response.status).toBe(200);
    expect(await stored(user.id)).toEqual({ enabled: false, rows: [] });
  });

  it("limits wrong codes per account, whatever the address: after 5, the next try waits", async () => {
    const { user, secret } = await enrolledUser();
    const wrong = wrongCodeFor(secret);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const tryFrom = fromNewAddress(user.client);
      expect((await tryFrom.post("/api/auth/two-factor/disable", { password: user.password, code: wrong })).status).toBe(400);
    }
    const waiting = await fromNewAddress(user.client).post("/api/auth/two-factor/disable", { password: user.password, code: codeFor(secret) });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stored(user.id)).toMatchObject({ enabled: true });
  });

  it("is refused when it is not on", async () => {
    const user = await server.createUser();
    const response = await user.client.post("/api/auth/two-factor/disable", { password: user.password, code: "123456" });
    expect(response.status).toBe(400);
    expect(response.problem.detail).toBe("Two-factor sign-in is not on for this account");
  });
});
