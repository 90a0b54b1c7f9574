import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents } from "@/server/db/schema";
import { serverForFile } from "@/server/test/per-file";
import { writeAndRollBack } from "@/server/test/rolled-back";
import { auditListener } from "./audit-log";

/** The audit log's listener on its own (ADR 027, 040): a change's entries, appended in its transaction. */
const server = serverForFile();

const entriesFor = (targetId: string) =>
  server.deps.db
    .select({ kind: auditEvents.kind, actorEmail: auditEvents.actorEmail, targetId: auditEvents.targetId, ip: auditEvents.ip, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.targetId, targetId))
    .orderBy(auditEvents.id);

describe("auditListener", () => {
  it("appends each audit entry of a change as given, with a secret-looking detail left out", async () => {
    const target = crypto.randomUUID();
    await server.deps.db.transaction((tx) =>
      auditListener(tx, {
        audit: [
          { kind: "invitation.sent", actorEmail: "Ada@Example.com", ip: "203.0.113.9", target: { type: "invitation", id: target }, details: { role: "member", token: "abc" } },
          { kind: "invitation.revoked", target: { type: "invitation", id: target } },
        ],
      }),
    );
    expect(await entriesFor(target)).toEqual([
      { kind: "invitation.sent", actorEmail: "ada@example.com", targetId: target, ip: "203.0.113.9", details: { role: "member" } },
      { kind: "invitation.revoked", actorEmail: null, targetId: target, ip: null, details: {} },
    ]);
  });

  it("appends nothing for a change without audit entries, nor for one that rolls back", async () => {
    const target = crypto.randomUUID();
    await auditListener(server.deps.db, { announce: { kind: "company", companyId: target, id: target } });
    await writeAndRollBack(server.deps.db, (tx) => auditListener(tx, { audit: { kind: "member.removed", target: { type: "user", id: target } } }));
    expect(await entriesFor(target)).toEqual([]);
  });
});
