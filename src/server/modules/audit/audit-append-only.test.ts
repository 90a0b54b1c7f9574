import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents } from "@/server/db/schema";
import { lastAuditId, auditEntries } from "@/server/test/audit";
import { serverForFile } from "@/server/test/per-file";
import { recordAudit } from "./audit-log";
import { pruneAuditLog } from "./audit-retention";

const server = serverForFile();

const tag = () => `kept-${crypto.randomUUID().slice(0, 8)}@example.test`;

async function insertAged(actorEmail: string, daysAgo: number) {
  await server.deps.db.execute(sql`insert into audit_events (kind, actor_email, at) values ('auth.sign_in', ${actorEmail}, now() - ${daysAgo}::int * interval '1 day')`);
}

/** The database's own refusal (Drizzle wraps it, naming the query, in `cause`). */
async function refusalOf(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    return String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message);
  }
  return "not refused";
}

const countOf = async (actorEmail: string) => (await server.deps.db.select().from(auditEvents).where(eq(auditEvents.actorEmail, actorEmail))).length;

describe("the audit log through the application's own connection", () => {
  it("refuses to UPDATE an entry", async () => {
    const email = tag();
    await recordAudit(server.deps.db, { kind: "auth.sign_in", actorEmail: email });
    expect(await refusalOf(server.deps.db.update(auditEvents).set({ actorEmail: "someone-else@example.test" }).where(eq(auditEvents.actorEmail, email)))).toBe(
      "audit_events is append-only: UPDATE refused",
    );
    expect(await countOf(email)).toBe(1);
  });

  it("refuses to DELETE or TRUNCATE, even inside a transaction that tries to look like the retention job afterwards", async () => {
    const email = tag();
    await recordAudit(server.deps.db, { kind: "auth.sign_in", actorEmail: email });
    expect(await refusalOf(server.deps.db.delete(auditEvents).where(eq(auditEvents.actorEmail, email)))).toBe("audit_events is append-only: DELETE refused");
    expect(await refusalOf(server.deps.db.execute(sql`truncate audit_events`))).toBe("audit_events is append-only: TRUNCATE refused");
    // The retention job's setting lasts for its own transaction only.
    await server.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portico.audit_prune', 'on', true)`);
    });
    expect(await refusalOf(server.deps.db.delete(auditEvents).where(eq(auditEvents.actorEmail, email)))).toBe("audit_events is append-only: DELETE refused");
    expect(await countOf(email)).toBe(1);
  });
});

describe("the retention job", () => {
  it("removes only entries older than AUDIT_RETENTION_DAYS and records how many, in the log itself", async () => {
    const old = tag();
    const kept = tag();
    await insertAged(old, 400);
    await insertAged(old, 366);
    await insertAged(kept, 364);
    await insertAged(kept, 0);
    const since = await lastAuditId(server);
    const removed = await pruneAuditLog(server.deps.db, { retentionDays: 365 });
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await countOf(old)).toBe(0);
    expect(await countOf(kept)).toBe(2);
    expect(await auditEntries(server, "audit.pruned", since)).toMatchObject([{ actorId: null, details: { removed, retentionDays: 365 } }]);
    // Nothing left to remove: no entry either.
    expect(await pruneAuditLog(server.deps.db, { retentionDays: 365 })).toBe(0);
    expect(await auditEntries(server, "audit.pruned", since)).toHaveLength(1);
  });

  // PGlite is one process's single connection: no other process can hold the prune lock there, and
  // the lock held below is this session's own. On PGlite only the prune after it is checked.
  it("leaves the work to the process already pruning (that part checked on PostgreSQL only), and prunes once it is done", async () => {
    const old = tag();
    await insertAged(old, 500);
    const lockKey = 0xa0d17;
    let outcome: number | null | undefined;
    await server.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockKey})`);
      if (server.database.driver.kind === "postgres") outcome = await pruneAuditLog(server.deps.db, { retentionDays: 365 });
    });
    if (server.database.driver.kind === "postgres") expect(outcome).toBeNull();
    expect(await pruneAuditLog(server.deps.db, { retentionDays: 365 })).toBeGreaterThanOrEqual(1);
    expect(await countOf(old)).toBe(0);
  });
});
