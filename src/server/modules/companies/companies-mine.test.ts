import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, companyUsers } from "../../db/schema";
import type { Actor } from "@/server/actor";
import { testServiceContext } from "@/server/test/service-context";
import type { TestUser } from "../../test/harness";
import { createProject, customerWithCompany, nextEvent } from "@/server/test/fixtures";
import { saveMyCompany } from "./companies.service";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));

const save = (user: TestUser, body: unknown) => user.client.request("PUT", "/api/companies/mine", body);
const companyCount = async () => (await server.deps.db.select({ n: count() }).from(companies))[0]!.n;
const membershipOf = async (userId: string) =>
  (await server.deps.db.select().from(companyUsers).where(eq(companyUsers.userId, userId)))[0];

describe("PUT /api/companies/mine", () => {
  it("creates the company with the caller as its owner, then updates the same company", async () => {
    const user = await server.createUser();
    const created = await save(user, {
      name: "  Acme Ltd  ",
      contactName: "Wile E.",
      contactEmail: "wile@acme.test",
      phone: "",
      address: "  ",
    });
    expect(created.status).toBe(201);
    expect(created.body.created).toBe(true);
    expect(created.body.company).toMatchObject({ name: "Acme Ltd", contactName: "Wile E.", contactEmail: "wile@acme.test", phone: null, address: null });
    expect((await membershipOf(user.id))?.companyId).toBe(created.body.company.id);
    expect((await user.client.get("/api/me")).body.company).toEqual({ id: created.body.company.id, name: "Acme Ltd", role: "owner" });

    const updated = await save(user, { name: "Acme Inc", contactEmail: "" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ created: false, company: { id: created.body.company.id, name: "Acme Inc", contactName: null, contactEmail: null } });
  });

  it("announces the change to the company's listeners", async () => {
    const user = await server.createUser();
    const event = nextEvent(server, "company");
    const response = await save(user, { name: "Heralded Ltd" });
    const { id } = response.body.company;
    expect(await event).toEqual({ kind: "company", companyId: id, id });
  });

  it("rejects a blank name with a 400 naming name and creates nothing", async () => {
    const user = await server.createUser();
    const before = await companyCount();
    const response = await save(user, { name: "   " });
    expect(response.status).toBe(400);
    expect(response.problem.errors).toEqual([{ field: "name", message: "Company name is required" }]);
    expect(await companyCount()).toBe(before);
    expect(await membershipOf(user.id)).toBeUndefined();
  });

  it("rejects a malformed contact email with a 400 naming contactEmail and creates nothing", async () => {
    const user = await server.createUser();
    const before = await companyCount();
    const response = await save(user, { name: "Typo Ltd", contactEmail: "not-an-email" });
    expect(response.status).toBe(400);
    expect(response.problem.errors![0]).toEqual({ field: "contactEmail", message: "Enter a valid email address" });
    expect(await companyCount()).toBe(before);
  });

  it("ignores ids sent by the client and only ever touches the caller's own company", async () => {
    const a = await customerWithCompany(server, "Own Ltd");
    const b = await customerWithCompany(server, "Target Ltd");
    const response = await save(a, { name: "Hijacked", id: b.company.id, companyId: b.company.id });
    expect(response.body.company.id).toBe(a.company.id);
    expect((await b.client.get("/api/companies/mine")).body.company!.name).toBe("Target Ltd");
  });

  it("never leaves a company without a member when two first saves race", async () => {
    const user = await server.createUser();
    const before = await companyCount();
    const responses = await Promise.all([save(user, { name: "Race One" }), save(user, { name: "Race Two" })]);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const status of statuses) expect([200, 201, 409]).toContain(status);
    // Exactly one company was kept, and the caller belongs to it.
    expect(await companyCount()).toBe(before + 1);
    const membership = await membershipOf(user.id);
    expect((await user.client.get("/api/companies/mine")).body.company!.id).toBe(membership!.companyId);
  });

  it("rolls the new company back when the membership cannot be written", async () => {
    const member = await customerWithCompany(server, "Already Member Ltd");
    // An actor loaded before the membership existed: the insert into company_users must fail.
    const stale: Actor = { userId: member.id, email: member.email, name: member.name, role: "customer", companyId: null, companyRole: null, sessionId: "stale", twoFactorEnabled: false };
    const before = await companyCount();
    const ctx = testServiceContext(server, stale);
    await expect(saveMyCompany(ctx, { name: "Orphan Ltd", contactName: null, contactEmail: null, phone: null, address: null })).rejects.toMatchObject({
      status: 409,
    });
    expect(await companyCount()).toBe(before);
  });

  it("answers 403 to an admin and 401 to an anonymous caller", async () => {
    expect((await save(admin, { name: "Admin Co" })).status).toBe(403);
    expect((await server.anonymous().request("PUT", "/api/companies/mine", { name: "Anon Co" })).status).toBe(401);
  });
});

describe("GET /api/companies/mine", () => {
  it("gives a customer without a company null and no active projects", async () => {
    const user = await server.createUser();
    const response = await user.client.get("/api/companies/mine");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ company: null, activeProjectCount: 0 });
  });

  it("counts only the caller's company's active projects", async () => {
    const a = await customerWithCompany(server, "Busy Ltd");
    const b = await customerWithCompany(server, "Other Busy Ltd");
    await createProject(admin, a.company.id, { name: "Live 1" });
    await createProject(admin, a.company.id, { name: "Live 2" });
    await createProject(admin, a.company.id, { name: "Paused", status: "on_hold" });
    await createProject(admin, a.company.id, { name: "Done", status: "completed" });
    await createProject(admin, b.company.id, { name: "Theirs" });
    const response = await a.client.get("/api/companies/mine");
    expect(response.body).toEqual({ company: a.company, activeProjectCount: 2 });
    expect((await b.client.get("/api/companies/mine")).body.activeProjectCount).toBe(1);
  });

  it("answers an admin without a company with null and an anonymous caller with 401", async () => {
    expect((await admin.client.get("/api/companies/mine")).body).toEqual({ company: null, activeProjectCount: 0 });
    expect((await server.anonymous().get("/api/companies/mine")).status).toBe(401);
  });
});
