import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, companyUsers, sessions, userRoles } from "../db/schema";
import { serverForFile } from "@/server/test/per-file";
import { statementsDuring as statementsOf } from "@/server/test/sql-statements";

const server = serverForFile();

/** SQL text of every statement the app sends while `run` runs. */
const statementsDuring = (run: () => Promise<unknown>) => statementsOf(server, run);

const touchesSessions = (statements: string[]) => statements.filter((text) => text.includes('"sessions"'));
// Trigger notices reach other processes (and the PostgreSQL listener) moments after the commit:
// far sooner than the cache's 15 s time to live, which is what these tests would otherwise see.
const soon = { timeout: 3_000, interval: 25 };

describe("the session cache", () => {
  it("answers a repeated request without a session query", async () => {
    const user = await server.createUser();
    const first = await statementsDuring(async () => expect((await user.client.get("/api/me")).status).toBe(200));
    const second = await statementsDuring(async () => expect((await user.client.get("/api/me")).status).toBe(200));
    expect(touchesSessions(first)).toHaveLength(1);
    expect(touchesSessions(second)).toEqual([]);
    // The rest of the request runs as before; on the embedded database a prepared read may come
    // from its read cache instead (ADR 010), so it can only be fewer there.
    const rest = first.filter((text) => !text.includes('"sessions"'));
    if (server.database.driver.kind === "pglite") expect(rest).toEqual(expect.arrayContaining(second));
    else expect(second).toEqual(rest);
  });

  it("ends a signed-out session at once, cached or not", async () => {
    const user = await server.createUser();
    const stolenCookie = user.client.cookieHeader;
    expect((await user.client.get("/api/me")).status).toBe(200);
    expect((await user.client.signOut()).status).toBe(200);
    expect((await server.anonymous().raw("/api/me", { headers: { cookie: stolenCookie } })).status).toBe(401);
  });

  it("shows a customer the company they just created on their very next request", async () => {
    const user = await server.createUser();
    expect((await user.client.get("/api/me")).body.company).toBeNull();
    const created = await user.client.request("PUT", "/api/companies/mine", { name: "Fresh Co" });
    expect(created.status).toBe(201);
    expect((await user.client.get("/api/me")).body.company).toEqual({ id: created.body.company.id, name: "Fresh Co", role: "owner" });
  });

  it("hears of a membership, a role and a session changed straight in the database", async () => {
    const user = await server.createUser();
    expect((await user.client.get("/api/me")).body).toMatchObject({ role: "customer", company: null });

    const [company] = await server.deps.db.insert(companies).values({ name: "Joined Ltd" }).returning();
    await server.deps.db.insert(companyUsers).values({ userId: user.id, companyId: company!.id });
    await expect.poll(async () => (await user.client.get("/api/me")).body.company, soon).toEqual({ id: company!.id, name: "Joined Ltd", role: "member" });

    // Named owner: what they may do in their company's team changes with it (ADR 015).
    await server.deps.db.update(companyUsers).set({ role: "owner" }).where(eq(companyUsers.userId, user.id));
    await expect.poll(async () => (await user.client.get("/api/me")).body.company?.role, soon).toBe("owner");

    // Removed from the company: their next requests must not see its data.
    await server.deps.db.delete(companyUsers).where(eq(companyUsers.userId, user.id));
    await expect.poll(async () => (await user.client.get("/api/me")).body.company, soon).toBeNull();

    // A role change ends the user's sessions (drizzle/0007); the cached one must not outlive them.
    await server.deps.db.insert(userRoles).values({ userId: user.id, role: "admin" });
    await expect.poll(async () => (await user.client.get("/api/me")).status, soon).toBe(401);
    await user.client.signIn(user.email, user.password);
    expect((await user.client.get("/api/me")).body.role).toBe("admin");
    await server.deps.db.delete(userRoles).where(eq(userRoles.userId, user.id));
    await expect.poll(async () => (await user.client.get("/api/me")).status, soon).toBe(401);
    await user.client.signIn(user.email, user.password);
    expect((await user.client.get("/api/companies")).status).toBe(403);

    await server.deps.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expect.poll(async () => (await user.client.get("/api/me")).status, soon).toBe(401);
  });
});
