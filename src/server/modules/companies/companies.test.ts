import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addMember, createProject, customerWithCompany } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { apartFromRequestId } from "@/server/test/test-client";
import { expectAdminsOnly, expectFieldRefused } from "@/server/test/expect-problem";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Ada Admin" }));

describe("GET /api/companies", () => {
  it("lists each company with its own project and user counts", async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await customerWithCompany(server, `Alpha ${tag}`, { contactName: "Al", contactEmail: "al@alpha.test" });
    const b = await customerWithCompany(server, `Beta ${tag}`);
    await addMember(server, a.company.id);
    await createProject(admin, a.company.id, { name: "One" });
    await createProject(admin, a.company.id, { name: "Two" });
    await createProject(admin, b.company.id, { name: "Three" });

    const response = await admin.client.get(`/api/companies?q=${tag}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    const byId = new Map(response.body.items.map((row: { id: string }) => [row.id, row]));
    expect(byId.get(a.company.id)).toEqual({
      ...a.company,
      contactName: "Al",
      contactEmail: "al@alpha.test",
      projectCount: 2,
      userCount: 2,
    });
    expect(byId.get(b.company.id)).toMatchObject({ projectCount: 1, userCount: 1 });
  });

  it("pages through a search with the total of all matches, newest first by default", async () => {
    const tag = randomUUID().slice(0, 8);
    for (const n of [1, 2, 3]) await customerWithCompany(server, `Paged ${tag} ${n}`);
    const first = await admin.client.get(`/api/companies?q=paged ${tag}&pageSize=2`);
    expect(first.body.total).toBe(3);
    expect(first.body.items.map((row: { name: string }) => row.name)).toEqual([`Paged ${tag} 3`, `Paged ${tag} 2`]);
    const second = await admin.client.get(`/api/companies?q=${tag}&pageSize=2&page=2`);
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.body.items.map((row: { name: string }) => row.name)).toEqual([`Paged ${tag} 1`]);
    const oldest = await admin.client.get(`/api/companies?q=${tag}&sort=asc&pageSize=1`);
    expect(oldest.body.items[0]!.name).toBe(`Paged ${tag} 1`);
  });

  it("treats % and _ in the search as plain characters", async () => {
    const tag = randomUUID().slice(0, 8);
    await customerWithCompany(server, `100% ${tag}`);
    await customerWithCompany(server, `100 ${tag}`);
    const response = await admin.client.get(`/api/companies?q=${encodeURIComponent(`100% ${tag}`)}`);
    expect(response.body.items.map((row: { name: string }) => row.name)).toEqual([`100% ${tag}`]);
  });

  it("rejects a page size over 100 with a 400 naming pageSize", async () => {
    const response = await admin.client.get("/api/companies?pageSize=500");
    expectFieldRefused(response, "pageSize");
  });

  it("answers 403 to a customer and 401 to an anonymous caller", async () => {
    const customer = await customerWithCompany(server, "Nosy Ltd");
    expect((await customer.client.get("/api/companies")).status).toBe(403);
    expect((await server.anonymous().get("/api/companies")).status).toBe(401);
  });
});

describe("GET /api/companies/options", () => {
  it("gives admins every company's id and name ordered by name regardless of case", async () => {
    const tag = randomUUID().slice(0, 8);
    const zed = await customerWithCompany(server, `zed ${tag}`);
    const able = await customerWithCompany(server, `Able ${tag}`);
    const response = await admin.client.get("/api/companies/options");
    expect(response.status).toBe(200);
    const mine = response.body.filter((row: { name: string }) => row.name.includes(tag));
    expect(mine).toEqual([
      { id: able.company.id, name: `Able ${tag}` },
      { id: zed.company.id, name: `zed ${tag}` },
    ]);
  });

  it("filters by a name fragment and caps the answer, for pickers over thousands of customers", async () => {
    const tag = randomUUID().slice(0, 8);
    const wanted = await customerWithCompany(server, `Harbour ${tag} Ltd`);
    await customerWithCompany(server, `Other ${tag} Inc`);
    const filtered = await admin.client.get(`/api/companies/options?q=${encodeURIComponent(`harbour ${tag}`)}`);
    expect(filtered.body).toEqual([{ id: wanted.company.id, name: `Harbour ${tag} Ltd` }]);
    const capped = await admin.client.get("/api/companies/options?limit=1");
    expect(capped.body).toHaveLength(1);
    const invalid = await admin.client.get("/api/companies/options?limit=1000");
    expectFieldRefused(invalid, "limit");
  });

  it("answers 403 to a customer and 401 to an anonymous caller", async () => {
    await expectAdminsOnly(server, "/api/companies/options");
  });
});

describe("GET /api/companies/:id", () => {
  it("shows a company to its own customer and to an admin", async () => {
    const a = await customerWithCompany(server, "Visible Ltd", { phone: "+1 555", address: "1 Main St" });
    for (const caller of [a, admin]) {
      const response = await caller.client.get(`/api/companies/${a.company.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(a.company);
    }
    expect(a.company).toMatchObject({ phone: "+1 555", address: "1 Main St", contactName: null, contactEmail: null });
  });

  it("hides another company from a customer with the same 404 as a missing one", async () => {
    const a = await customerWithCompany(server, "Mine Ltd");
    const b = await customerWithCompany(server, "Theirs Ltd");
    const other = await a.client.get(`/api/companies/${b.company.id}`);
    const missing = await a.client.get(`/api/companies/${randomUUID()}`);
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(apartFromRequestId(other.body)).toEqual(apartFromRequestId(missing.body));
  });

  it("answers 404 to an admin for an unknown id, 400 for a malformed one and 401 anonymously", async () => {
    expect((await admin.client.get(`/api/companies/${randomUUID()}`)).status).toBe(404);
    const malformed = await admin.client.get("/api/companies/not-a-uuid");
    expectFieldRefused(malformed, "id");
    expect((await server.anonymous().get(`/api/companies/${randomUUID()}`)).status).toBe(401);
  });
});
