import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companyUsers, sessions, userRoles } from "../../db/schema";
import { createCompany, createCustomer } from "@/server/test/fixtures";
import { streamHub } from "./events.hub";
import { streamsClosedAfterEach } from "@/server/test/realtime/test-streams";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

/**
 * Finding 3 of the outside probe: open event streams were re-checked only every 15 s, so a demoted
 * admin, a removed member or a deleted session kept receiving events for up to 15 s. The periodic
 * check is slowed to a minute here, so only the change notices can end or narrow a stream in time.
 */
const WITHIN_MS = 1000;

const server = serverForFile((started) => streamHub(started.deps).configure({ accessCheckMs: 60_000 }));
const acme = beforeAllTests(() => createCompany(server, "Acme Ltd"));
const globex = beforeAllTests(() => createCompany(server, "Globex"));
const { stream } = streamsClosedAfterEach();

describe("an open event stream follows access changes within a second", () => {
  it.each([
    {
      whose: "an admin who is demoted",
      user: () => server.createUser({ admin: true }),
      revoke: (userId: string) => server.deps.db.delete(userRoles).where(eq(userRoles.userId, userId)),
    },
    {
      whose: "a session deleted in the database",
      user: () => createCustomer(server, acme.id),
      revoke: (userId: string) => server.deps.db.delete(sessions).where(eq(sessions.userId, userId)),
    },
  ])("ends the stream of $whose", async ({ user, revoke }) => {
    const revoked = await user();
    const reader = await stream(revoked);
    await revoke(revoked.id);
    expect(await reader.waitForEvent("end", () => true, WITHIN_MS)).toEqual({ reason: "session_ended" });
    await reader.ended;
  });

  it("stops a removed member's stream from receiving the company's events", async () => {
    const member = await createCustomer(server, acme.id);
    const reader = await stream(member);
    await server.deps.db.delete(companyUsers).where(eq(companyUsers.userId, member.id));
    await reader.waitForEvent("resync", (e) => e.reason === "access_changed", WITHIN_MS);
    const removedAt = reader.events("change").length;

    // Joining another company gives the stream a marker to wait for: Globex's event is published
    // after Acme's, and one LISTEN connection delivers in order.
    await server.deps.db.insert(companyUsers).values({ userId: member.id, companyId: globex.id });
    await expect.poll(() => reader.events("resync").length, { timeout: WITHIN_MS }).toBe(2);
    await server.deps.events.publish({ kind: "ticket", companyId: acme.id, id: acme.id });
    await server.deps.events.publish({ kind: "ticket", companyId: globex.id, id: globex.id });
    await reader.waitForEvent("change", (e) => e.companyId === globex.id);
    expect(reader.events<{ companyId: string }>("change").slice(removedAt).map((e) => e.companyId)).toEqual([globex.id]);
  });
});
