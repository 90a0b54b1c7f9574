import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberMessages } from "@/shared/rules/member";
import { companyUsers } from "@/server/db/schema";
import { addMember, createCompany } from "@/server/test/fixtures";
import { serverForFile } from "@/server/test/per-file";
import { ownerServiceContext } from "@/server/test/service-context";
import { changeMember, removeMember } from "./members.service";

const server = serverForFile();

/** A company with an owner and a member, signed in. */
async function team(name = "Acme Ltd") {
  const company = await createCompany(server, name);
  const owner = await addMember(server, company.id, await server.createUser({ name: "Olive Owner" }), "owner");
  const member = await addMember(server, company.id, await server.createUser({ name: "Milo Member" }));
  return { company, owner, member };
}

const roleOf = async (userId: string) =>
  (await server.deps.db.select({ role: companyUsers.role }).from(companyUsers).where(eq(companyUsers.userId, userId)))[0]?.role;

describe("GET /api/companies/{id}/team", () => {
  it("lists owners first, then members by name, to every member of the company and to admins", async () => {
    const { company, owner, member } = await team();
    const admin = await server.createUser({ admin: true });
    for (const reader of [owner, member, admin]) {
      const response = await reader.client.get(`/api/companies/${company.id}/team`);
      expect(response.status).toBe(200);
      expect(response.body.members.map((m) => [m.name, m.role])).toEqual([
        ["Olive Owner", "owner"],
        ["Milo Member", "member"],
      ]);
      expect(response.body.invitations).toEqual([]);
    }
  });

  it("answers 404 for another company's team, as for a company that does not exist", async () => {
    const { company } = await team();
    const other = await team("Globex");
    const foreign = await other.owner.client.get(`/api/companies/${company.id}/team`);
    expect(foreign.status).toBe(404);
    expect(foreign.problem.detail).toBe("Company not found");
    const admin = await server.createUser({ admin: true });
    expect((await admin.client.get("/api/companies/00000000-0000-4000-8000-000000000000/team")).status).toBe(404);
  });
});

describe("changing roles and removing members", () => {
  it("lets an owner make a member owner, and refuses a plain member with 403", async () => {
    const { company, owner, member } = await team();
    const refused = await member.client.patch(`/api/companies/${company.id}/members/${owner.id}`, { role: "member" });
    expect(refused.status).toBe(403);
    expect(await roleOf(owner.id)).toBe("owner");

    const promoted = await owner.client.patch(`/api/companies/${company.id}/members/${member.id}`, { role: "owner" });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ userId: member.id, role: "owner" });
    expect(await roleOf(member.id)).toBe("owner");
  });

  it("keeps at least one owner: the last owner can neither step down nor be removed while others remain", async () => {
    const { company, owner, member } = await team();
    const stepDown = await owner.client.patch(`/api/companies/${company.id}/members/${owner.id}`, { role: "member" });
    expect(stepDown.status).toBe(409);
    expect(stepDown.problem.detail).toBe(memberMessages.lastOwner);
    const admin = await server.createUser({ admin: true });
    const removal = await admin.client.delete(`/api/companies/${company.id}/members/${owner.id}`);
    expect(removal.status).toBe(409);
    expect(await roleOf(owner.id)).toBe("owner");
    expect(await roleOf(member.id)).toBe("member");
  });

  it("removes a member, whose very next request no longer sees the company", async () => {
    const { company, owner, member } = await team();
    expect((await member.client.get("/api/me")).body.company?.id).toBe(company.id);
    const removed = await owner.client.delete(`/api/companies/${company.id}/members/${member.id}`);
    expect(removed.status).toBe(204);
    expect((await member.client.get("/api/me")).body.company).toBeNull();
    expect((await member.client.get(`/api/companies/${company.id}/team`)).status).toBe(404);
  });

  it("forgets the changed member's cached sessions in this process as the change returns, without waiting for the trigger's notice", async () => {
    const { company, owner, member } = await team();
    const forgotten: string[] = [];
    const ctx = { ...ownerServiceContext(server, owner, company.id), forgetActor: (userId: string) => void forgotten.push(userId) };
    await changeMember(ctx, { companyId: company.id, userId: member.id, changes: { role: "owner" } });
    expect(forgotten).toEqual([member.id]);
    await removeMember(ctx, { companyId: company.id, userId: member.id });
    expect(forgotten).toEqual([member.id, member.id]);
    expect(await roleOf(member.id)).toBeUndefined();
  });

  it("refuses a member removing anyone (403) and an owner of another company (404), changing nothing", async () => {
    const { company, owner, member } = await team();
    const other = await team("Globex");
    expect((await member.client.delete(`/api/companies/${company.id}/members/${owner.id}`)).status).toBe(403);
    expect((await other.owner.client.delete(`/api/companies/${company.id}/members/${member.id}`)).status).toBe(404);
    expect((await other.owner.client.patch(`/api/companies/${company.id}/members/${member.id}`, { role: "owner" })).status).toBe(404);
    expect(await roleOf(member.id)).toBe("member");
    expect(await roleOf(owner.id)).toBe("owner");
  });

  it("answers 404 for a user who is no member of the company, and 400 naming a bad role", async () => {
    const { company, owner } = await team();
    const other = await team("Globex");
    const stranger = await owner.client.delete(`/api/companies/${company.id}/members/${other.member.id}`);
    expect(stranger.status).toBe(404);
    expect(stranger.problem.detail).toBe(memberMessages.memberNotFound);
    expect(await roleOf(other.member.id)).toBe("member");
    const bad = await owner.client.patch(`/api/companies/${company.id}/members/${owner.id}`, { role: "boss" });
    expect(bad.status).toBe(400);
    expect(bad.problem.errors?.map((e) => e.field)).toEqual(["role"]);
  });

  it("makes the customer who creates a company from the profile form its owner", async () => {
    const founder = await server.createUser();
    const created = await founder.client.put("/api/companies/mine", { name: "Founded Ltd" });
    expect(created.status).toBe(201);
    expect((await founder.client.get("/api/me")).body.company).toMatchObject({ name: "Founded Ltd", role: "owner" });
  });
});
