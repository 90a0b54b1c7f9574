import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { sessions, userRoles } from "../db/schema";
import { createAdmin, findUserIdByEmail, promoteToAdmin } from "../accounts";
import { bootstrapAdmin } from "../server";
import { captureLog } from "../test/log-capture";
import { serverForFile } from "@/server/test/per-file";

const server = serverForFile();

/** Start-up's admin bootstrap with ADMIN_EMAIL/ADMIN_PASSWORD set, on the test server's database. */
async function bootWithAdminSetting(email: string, password: string): Promise<string[]> {
  const log = captureLog();
  await bootstrapAdmin({ ...server.deps, env: { ...server.env, ADMIN_EMAIL: email, ADMIN_PASSWORD: password } }, log.logger());
  return log.lines().map((line) => line.msg);
}

describe("ADMIN_EMAIL at start-up (finding 1: an admin takeover)", () => {
  it("never promotes an account a stranger signed up with that address, and says how to promote on purpose", async () => {
    const email = "ops-admin@provider.test";
    const stranger = server.anonymous();
    expect((await stranger.post("/api/auth/sign-up/email", { name: "Stranger", email, password: "stranger-pass" })).status).toBe(200);

    const lines = await bootWithAdminSetting(email, "operator-pass");

    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Not promoting ${email}`);
    expect(lines[0]).toContain(`npm run admin -- promote --email ${email}`);
    expect((await stranger.get("/api/me")).body.role).toBe("customer");
    const [role] = await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, (await stranger.get("/api/me")).body.id));
    expect(role).toBeUndefined();
    // The stranger's password stays theirs; the operator's is not set on that account.
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email, password: "operator-pass" })).status).toBe(401);
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email, password: "stranger-pass" })).status).toBe(200);
  });

  it("stops start-up with one line naming ADMIN_PASSWORD when the password policy refuses it, and creates nobody", async () => {
    const email = "weak-admin@provider.test";
    await expect(bootWithAdminSetting(email, "password1")).rejects.toThrow(
      /^Invalid configuration: ADMIN_PASSWORD is refused: This password is one of the most common ones/,
    );
    expect(await findUserIdByEmail(server.deps.db, email)).toBeUndefined();
  });

  it("creates the admin when no account has the address, and leaves an existing admin as it is", async () => {
    const email = "first-admin@provider.test";
    expect(await bootWithAdminSetting(email, "operator-pass")).toEqual([`Admin ${email} created.`]);
    const operator = server.anonymous();
    await operator.signIn(email, "operator-pass");
    expect((await operator.get("/api/me")).body.role).toBe("admin");

    expect(await bootWithAdminSetting(email, "another-pass")).toEqual([`Admin ${email} already exists; left as it is.`]);
    expect((await server.anonymous().post("/api/auth/sign-in/email", { email, password: "another-pass" })).status).toBe(401);
    expect((await operator.get("/api/me")).status).toBe(200);
  });

  it("answers exists from the admin command's create for a taken address and changes nothing", async () => {
    const taken = await server.createUser();
    expect(await createAdmin(server.deps.db, server.deps.auth, { email: taken.email, password: "whatever-1", name: "X" })).toBe("exists");
    expect((await taken.client.get("/api/me")).body.role).toBe("customer");
  });
});

describe("a role change", () => {
  it("ends every session of the user when promoted, and again when demoted", async () => {
    const user = await server.createUser();
    const otherDevice = server.anonymous();
    await otherDevice.signIn(user.email, user.password);
    await promoteToAdmin(server.deps.db, user.id);
    expect((await user.client.get("/api/me")).status).toBe(401);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect(await server.deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    await user.client.signIn(user.email, user.password);
    expect((await user.client.get("/api/me")).body.role).toBe("admin");
    // The admin session is cached now (ADR 010): on PostgreSQL the trigger's eviction notice comes
    // over the LISTEN connection a moment after the commit. Wait for it, not a clock.
    const epoch = server.deps.actors.epoch;
    await server.deps.db.delete(userRoles).where(eq(userRoles.userId, user.id));
    await vi.waitFor(() => expect(server.deps.actors.epoch).not.toBe(epoch));
    expect((await user.client.get("/api/me")).status).toBe(401);
  });

  it("keeps the sessions when an admin is promoted again (nothing changed)", async () => {
    const admin = await server.createUser({ admin: true });
    await promoteToAdmin(server.deps.db, admin.id);
    expect((await admin.client.get("/api/me")).body.role).toBe("admin");
  });
});
