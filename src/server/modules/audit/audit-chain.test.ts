import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "@/server/db/rate-counter";
import { serverForFile } from "@/server/test/per-file";
import { recordAudit } from "./audit-log";
import { pruneAuditLog } from "./audit-retention";
import { describeReport, verifyAllChains } from "../access-log/verify-all";

const server = serverForFile();
const pruned = serverForFile();

const auditReport = async () => (await verifyAllChains(server.deps.db)).find((report) => report.chain === "audit")!;

/** Writes past the append-only trigger, as someone with the database's own rights could. */
async function tamper(statement: ReturnType<typeof sql>) {
  await server.deps.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
  });
}

const idOf = async (email: string) => rowsOf<{ id: string }>(await server.deps.db.execute(sql`select id::text as id from audit_events where actor_email = ${email}`))[0]!.id;

describe("the audit log's hash chain (npm run audit:verify)", () => {
  it("links every entry to the one before it, whichever path wrote it, and verifies intact", async () => {
    for (const n of [1, 2, 3]) await recordAudit(server.deps.db, { kind: "auth.sign_in", actorEmail: `chain-${n}@example.test` });
    await server.createUser({ admin: true });
    const report = await auditReport();
    expect(report.verdict).toEqual({ intact: true, checked: expect.any(Number), firstBroken: null });
    expect(report.verdict.checked).toBeGreaterThanOrEqual(3);
    expect(describeReport(report)).toMatch(/^audit: intact \(\d+ entries\)$/);
  });

  it("names the one entry edited directly in the database", async () => {
    await recordAudit(server.deps.db, { kind: "auth.sign_in", actorEmail: "edited@example.test" });
    await recordAudit(server.deps.db, { kind: "auth.sign_in", actorEmail: "after-edited@example.test" });
    const id = await idOf("edited@example.test");
    await tamper(sql`update audit_events set details = '{"method":"forged"}'::jsonb where id = ${id}::bigint`);
    const report = await auditReport();
    expect(report.verdict.firstBroken).toMatchObject({ id, problem: "hash" });
    expect(describeReport(report)).toContain(`BROKEN at entry id ${id}`);
    await tamper(sql`update audit_events set details = '{}'::jsonb where id = ${id}::bigint`);
    expect((await auditReport()).verdict.intact).toBe(true);
  });

  it("names the entry after one removed, and a chain whose newest entries are gone", async () => {
    for (const n of [1, 2]) await recordAudit(server.deps.db, { kind: "auth.sign_in", actorEmail: `gap-${n}@example.test` });
    const removed = await idOf("gap-1@example.test");
    const next = await idOf("gap-2@example.test");
    await tamper(sql`delete from audit_events where id = ${removed}::bigint`);
    expect((await auditReport()).verdict.firstBroken).toMatchObject({ id: next, problem: "link" });
    await tamper(sql`delete from audit_events where id = ${next}::bigint`);
    expect((await auditReport()).verdict.firstBroken).toMatchObject({ id: null, problem: "head" });
  });
});

describe("the audit log's retention", () => {
  it("moves the chain's base to what it removed, so the entries it keeps still verify", async () => {
    // A log of its own, whose oldest entry is the one retention removes.
    const { db } = pruned.deps;
    await db.execute(sql`insert into audit_events (kind, actor_email, at) values ('auth.sign_in', 'old@example.test', now() - interval '400 days')`);
    await recordAudit(db, { kind: "auth.sign_in", actorEmail: "kept@example.test" });
    expect(await pruneAuditLog(db, { retentionDays: 365 })).toBeGreaterThanOrEqual(1);
    const report = (await verifyAllChains(db)).find((entry) => entry.chain === "audit")!;
    expect(report.verdict).toMatchObject({ intact: true, firstBroken: null });
    expect(report.verdict.checked).toBeGreaterThanOrEqual(2);
  });
});
