import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import type { TestUser } from "../../test/harness";
import { streamsClosedAfterEach } from "../../test/realtime/test-streams";
import { TestClient } from "../../test/test-client";
import { createCompany, createCustomer } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { expectFieldsRefused, expectProblem } from "@/server/test/expect-problem";
import { END_CURRENT_SESSION, SESSION_LIST_LIMIT } from "./sessions.service";

const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

const server = serverForFile();
const acme = beforeAllTests(() => createCompany(server, "Acme Ltd"));
const { stream } = streamsClosedAfterEach();

let devices = 0;
/** The same user signed in once more, from another device and address: a client with its own cookie. */
async function secondDevice(user: TestUser, userAgent = FIREFOX_ON_WINDOWS): Promise<TestClient> {
  // Each device its own address: Better Auth limits sign-ins per address.
  const device = new TestClient(server.baseUrl, `203.0.113.${++devices}`);
  const signedIn = await device.request("POST", "/api/auth/sign-in/email", { email: user.email, password: user.password }, { "user-agent": userAgent });
  expect(signedIn.status).toBe(200);
  return device;
}

/** The user's sessions in the database (account creation leaves one besides the test client's). */
const sessionCount = async (userId: string) => (await server.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

describe("GET /api/sessions", () => {
  it(`lists at most ${SESSION_LIST_LIMIT}, the current session among them however long ago it was renewed`, async () => {
    const customer = await createCustomer(server, acme.id);
    const longAgo = new Date(Date.now() - 86_400_000);
    await server.deps.db.update(sessions).set({ updatedAt: longAgo }).where(eq(sessions.userId, customer.id));
    const expiresAt = new Date(Date.now() + 86_400_000);
    await server.deps.db.insert(sessions).values(
      Array.from({ length: SESSION_LIST_LIMIT + 5 }, (_, n) => ({ token: `cap-${customer.id}-${n}`, userId: customer.id, expiresAt })),
    );
    const listed = await customer.client.get("/api/sessions");
    expect(listed.body).toHaveLength(SESSION_LIST_LIMIT);
    expect(listed.body[0]!.current).toBe(true);
    expect(listed.body.filter((session) => session.current)).toHaveLength(1);
  });

  it("lists the caller's own sessions with device, address and times, the current one marked", async () => {
    const customer = await createCustomer(server, acme.id);
    const other = await createCustomer(server, acme.id);
    const before = await sessionCount(customer.id);
    const laptop = await secondDevice(customer);
    await secondDevice(other);

    const listed = await customer.client.get("/api/sessions");
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(before + 1);
    expect(listed.body.filter((session) => session.current)).toHaveLength(1);
    const othersSessions = await server.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, other.id));
    expect(listed.body.map((session) => session.id)).not.toContain(othersSessions[0]!.id);
    // The current session first, then the most recently renewed: the laptop's sign-in is the newest.
    expect(listed.body[0]!.current).toBe(true);
    const firefox = listed.body[1]!;
    expect(firefox).toMatchObject({ device: "Firefox 133 on Windows", ipAddress: `203.0.113.${devices - 1}`, current: false });
    expect(Date.parse(firefox.signedInAt)).toBeLessThanOrEqual(Date.parse(firefox.lastActiveAt));
    // No token in the answer: a script that can read it cannot take a session over (ADR 002).
    expect(JSON.stringify(listed.body)).not.toMatch(/token/i);

    // The laptop sees the same two sessions, its own marked current.
    const fromLaptop = await laptop.get("/api/sessions");
    expect(fromLaptop.body.find((session) => session.current)!.id).toBe(firefox.id);
  });

  it("answers 401 without a session", async () => {
    const stranger = new TestClient(server.baseUrl, "203.0.113.8");
    expect((await stranger.get("/api/sessions")).status).toBe(401);
  });
});

describe("DELETE /api/sessions/{id}", () => {
  it("signs another device out at once: its next request is 401 and its event stream ends", async () => {
    const customer = await createCustomer(server, acme.id);
    const laptop = await secondDevice(customer);
    const laptopUser = { ...customer, client: laptop };
    const reader = await stream(laptopUser);
    // The newest session that is not the caller's own: the laptop's sign-in.
    const laptopSession = (await customer.client.get("/api/sessions")).body.find((session) => !session.current)!;
    const before = await sessionCount(customer.id);

    const ended = await customer.client.delete(`/api/sessions/${laptopSession.id}`);
    expect(ended.status).toBe(204);
    expect(await reader.waitForEvent("end", () => true, 1000)).toEqual({ reason: "session_ended" });
    expect((await laptop.get("/api/me")).status).toBe(401);
    expect((await customer.client.get("/api/me")).status).toBe(200);
    expect(await sessionCount(customer.id)).toBe(before - 1);
  });

  it("refuses the current session with a 400 that says to sign out, ending nothing", async () => {
    const customer = await createCustomer(server, acme.id);
    const current = (await customer.client.get("/api/sessions")).body.find((session) => session.current)!;
    const refused = await customer.client.delete(`/api/sessions/${current.id}`);
    expectProblem(refused, 400, { detail: END_CURRENT_SESSION });
    expect((await customer.client.get("/api/me")).status).toBe(200);
  });

  it("answers 404 for another user's session, an admin's request included, and a 400 naming id for a malformed one", async () => {
    const customer = await createCustomer(server, acme.id);
    const admin = await server.createUser({ admin: true });
    const victim = (await customer.client.get("/api/sessions")).body[0]!;
    for (const caller of [await createCustomer(server, acme.id), admin]) {
      const refused = await caller.client.delete(`/api/sessions/${victim.id}`);
      expect(refused.status).toBe(404);
    }
    expect((await customer.client.get("/api/me")).status).toBe(200);
    const malformed = await customer.client.delete("/api/sessions/not-an-id");
    expectFieldsRefused(malformed, ["id"]);
  });
});

describe("POST /api/sessions/end-others", () => {
  it("signs out every other device of the caller and keeps the current one and other users' sessions", async () => {
    const customer = await createCustomer(server, acme.id);
    const colleague = await createCustomer(server, acme.id);
    const devices = [await secondDevice(customer), await secondDevice(customer, "curl/8.5.0")];

    const ended = await customer.client.post("/api/sessions/end-others");
    expect(ended.status).toBe(200);
    expect(ended.body.ended).toBeGreaterThanOrEqual(devices.length);
    for (const device of devices) expect((await device.get("/api/me")).status).toBe(401);
    expect((await customer.client.get("/api/me")).status).toBe(200);
    expect(await sessionCount(customer.id)).toBe(1);
    expect((await colleague.client.get("/api/me")).status).toBe(200);
  });
});
