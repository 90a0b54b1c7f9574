import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userMessages } from "@/shared/rules/user";
import { profiles, userRoles } from "@/server/db/schema";
import type { Problem } from "@/server/http/problem";
import { serverForFile } from "@/server/test/per-file";
import type { TestUser } from "@/server/test/harness";
import { testServiceContext } from "@/server/test/service-context";
import type { ServiceContext } from "../context";
import { changeUserRole, deactivateUser } from "./users.service";

/**
 * The portal keeps an active admin. Through the API the acting admin is one and may not demote or
 * deactivate themselves, so the rule only bites when the caller's own role went away while their
 * request was on its way (another admin demoted them a moment earlier). This file's database has
 * exactly two admins; the service is called as such a caller.
 */
const server = serverForFile();

/** A request of `user` still resolved as an admin, whatever the database says by now. */
const staleAdmin = (user: TestUser): ServiceContext =>
  testServiceContext(server, { userId: user.id, email: user.email, name: user.name, role: "admin", companyId: null, companyRole: null, sessionId: "stale", twoFactorEnabled: false });

const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: Problem) => ({ status: error.status, detail: error.detail }));

describe("the last active admin", () => {
  it("is neither demoted nor deactivated, and stays admin", async () => {
    const x = await server.createUser({ admin: true });
    const y = await server.createUser({ admin: true });
    // y was demoted a moment ago; x is now the only admin.
    await server.deps.db.delete(userRoles).where(eq(userRoles.userId, y.id));

    expect(await refusal(changeUserRole(staleAdmin(y), { id: x.id, role: "customer" }))).toEqual({ status: 409, detail: userMessages.lastAdmin });
    expect(await refusal(deactivateUser(staleAdmin(y), { id: x.id }))).toEqual({ status: 409, detail: userMessages.lastAdmin });
    expect(await server.deps.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, x.id))).toEqual([{ role: "admin" }]);
    expect(await server.deps.db.select({ at: profiles.deactivatedAt }).from(profiles).where(eq(profiles.id, x.id))).toEqual([{ at: null }]);
  });

  it("counts only active admins: a deactivated admin does not keep the portal running", async () => {
    const [x, y, z] = [await server.createUser({ admin: true }), await server.createUser({ admin: true }), await server.createUser({ admin: true })];
    await server.deps.db.update(profiles).set({ deactivatedAt: new Date() }).where(eq(profiles.id, z.id));
    // Every admin but x and z (deactivated) goes, y included (the stale caller).
    await server.deps.db.delete(userRoles).where(eq(userRoles.role, "admin"));
    await server.deps.db.insert(userRoles).values([{ userId: x.id, role: "admin" }, { userId: z.id, role: "admin" }]);
    expect(await refusal(changeUserRole(staleAdmin(y), { id: x.id, role: "customer" }))).toEqual({ status: 409, detail: userMessages.lastAdmin });
  });
});
