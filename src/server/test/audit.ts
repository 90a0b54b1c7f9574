import { and, asc, desc, eq, gt } from "drizzle-orm";
import { auditEvents } from "@/server/db/schema";
import type { TestServer } from "./harness";

/** A browser name no other test sends, so a test finds the entries its own requests wrote. */
export const testUserAgent = (label: string) => ({ "user-agent": `AuditTest/${label}-${crypto.randomUUID().slice(0, 8)}` });

/** Every entry of `kind` written after `sinceId` (the id of the newest entry when the test began), oldest first. */
export async function auditEntries(server: TestServer, kind: (typeof auditEvents.kind)["_"]["data"], sinceId: bigint) {
  return server.deps.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, kind), gt(auditEvents.id, sinceId)))
    .orderBy(asc(auditEvents.id));
}

/** The newest entry's id, or 0: a test reads only what came after it. */
export async function lastAuditId(server: TestServer): Promise<bigint> {
  const [newest] = await server.deps.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
  return newest?.id ?? 0n;
}
