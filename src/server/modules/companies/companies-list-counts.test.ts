import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companyUsers } from "@/server/db/schema";
import { addMember, createProject, customerWithCompany } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Ada Admin" }));

describe("GET /api/companies, per-row counts", () => {
  it("gives every row of every page its own project and user counts, in both orders", async () => {
    const tag = randomUUID().slice(0, 8);
    // Company n has n projects and n users (its creator plus n - 1 members).
    for (const n of [1, 2, 3]) {
      const customer = await customerWithCompany(server, `Counted ${tag} ${n}`);
      for (let i = 1; i < n; i++) await addMember(server, customer.company.id);
      for (let i = 0; i < n; i++) await createProject(admin, customer.company.id, { name: `P${n}.${i}` });
    }
    const expected = (name: string) => Number(name.slice(-1));
    for (const sort of ["desc", "asc"]) {
      const rows = [];
      for (const page of [1, 2, 3]) {
        const response = await admin.client.get(`/api/companies?q=${tag}&pageSize=1&page=${page}&sort=${sort}`);
        expect(response.body).toMatchObject({ total: 3, page, pageSize: 1 });
        rows.push(...response.body.items);
      }
      expect(rows.map((row: { name: string }) => row.name)).toEqual(
        (sort === "desc" ? [3, 2, 1] : [1, 2, 3]).map((n) => `Counted ${tag} ${n}`),
      );
      for (const row of rows) expect(row).toMatchObject({ projectCount: expected(row.name), userCount: expected(row.name) });
    }
  });

  it("counts as Users only the company's own members: no admin, no other company's member, no user without a company, no one who left", async () => {
    const tag = randomUUID().slice(0, 8);
    const first = await customerWithCompany(server, `Members ${tag} A`);
    await addMember(server, first.company.id);
    const leaving = await addMember(server, first.company.id);
    const second = await customerWithCompany(server, `Members ${tag} B`);
    for (let i = 0; i < 3; i++) await addMember(server, second.company.id);
    await server.createUser({ name: "Without A Company" });
    await server.createUser({ admin: true, name: "Another Admin" });
    await server.deps.db.delete(companyUsers).where(eq(companyUsers.userId, leaving.id));

    const response = await admin.client.get(`/api/companies?q=${tag}`);
    const users = Object.fromEntries(response.body.items.map((row: { name: string; userCount: number }) => [row.name, row.userCount]));
    expect(users).toEqual({ [`Members ${tag} A`]: 2, [`Members ${tag} B`]: 4 });
  });
});
