import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { serverForFile } from "@/server/test/per-file";

const server = serverForFile();

const DAY_MS = 24 * 60 * 60 * 1000;

/** The session row behind a client's cookie (a user may hold several sessions). */
async function sessionOf(cookieHeader: string) {
  const token = decodeURIComponent(cookieHeader.split("=")[1]!).split(".")[0]!;
  const [row] = await server.deps.db.select().from(sessions).where(eq(sessions.token, token));
  return row!;
}

describe("the session cookie", () => {
  it("refuses a cookie whose signature does not match its token", async () => {
    const user = await server.createUser();
    const [name, value] = user.client.cookieHeader.split("=") as [string, string];
    const [token] = decodeURIComponent(value).split(".");
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32).toString("base64")}`)}`;
    expect((await server.anonymous().raw("/api/me", { headers: { cookie: forged } })).status).toBe(401);
  });

  it("refuses an expired session", async () => {
    const user = await server.createUser();
    await server.deps.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(sessions.userId, user.id));
    expect((await user.client.get("/api/me")).status).toBe(401);
  });

  it("ends a session 30 days after its sign-in however recently it was renewed, and deletes it", async () => {
    const user = await server.createUser();
    const session = await sessionOf(user.client.cookieHeader);
    await server.deps.db.update(sessions).set({ createdAt: sql`now() - interval '29 days 23 hours'` }).where(eq(sessions.id, session.id));
    expect((await user.client.get("/api/me")).status).toBe(200);
    // Renewed a moment ago (a full week of rolling expiry ahead), signed in just over 30 days ago.
    await server.deps.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '30 days 1 minute'`, expiresAt: sql`now() + interval '7 days'` })
      .where(eq(sessions.id, session.id));
    server.deps.actors.clear();
    expect((await user.client.get("/api/me")).status).toBe(401);
    expect(await server.deps.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
  });

  it("does not renew a session used within the last day", async () => {
    const user = await server.createUser();
    const before = await sessionOf(user.client.cookieHeader);
    const response = await user.client.get("/api/me");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await sessionOf(user.client.cookieHeader)).expiresAt).toEqual(before.expiresAt);
  });

  it("renews the expiry and the cookie of a session last renewed over a day ago", async () => {
    const user = await server.createUser();
    const stale = new Date(Date.now() + 5 * DAY_MS);
    await server.deps.db.update(sessions).set({ expiresAt: stale }).where(eq(sessions.userId, user.id));
    const response = await user.client.get("/api/me");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("portico.session_token="))).toBe(true);
    const renewed = (await sessionOf(user.client.cookieHeader)).expiresAt.getTime();
    expect(renewed).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
  });
});

describe("the role guard", () => {
  it("refuses a signed-in caller without the route's role with 403, whatever the service would allow", async () => {
    // Saving "my company" is the customer's form; the policy would let an admin create a company,
    // so only requireRole("customer") stands between an admin and this route.
    const admin = await server.createUser({ admin: true });
    const refused = await admin.client.request("PUT", "/api/companies/mine", { name: "Admin's own Co" });
    expect(refused.status).toBe(403);
    const customer = await server.createUser();
    expect((await customer.client.request("PUT", "/api/companies/mine", { name: "Customer's own Co" })).status).toBe(201);
  });
});
