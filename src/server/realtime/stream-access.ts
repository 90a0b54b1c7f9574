import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { roleOf } from "../actor-row";
import type { Database } from "../db/client";
import { companyUsers, sessions, userRoles } from "../db/schema";
import type { StreamAccess } from "./stream-hub";

/**
 * Role and company of every session in `sessionIds` that is still valid (not signed out, revoked
 * or expired). Unscoped on purpose: it serves the process's stream hub, not a caller, and answers
 * for all open streams in one query.
 */
export async function unscopedLoadStreamAccess(db: Database, sessionIds: string[]): Promise<Map<string, StreamAccess>> {
  const access = new Map<string, StreamAccess>();
  if (sessionIds.length === 0) return access;
  const rows = await db
    .select({ sessionId: sessions.id, role: userRoles.role, companyId: companyUsers.companyId })
    .from(sessions)
    .leftJoin(userRoles, eq(userRoles.userId, sessions.userId))
    .leftJoin(companyUsers, eq(companyUsers.userId, sessions.userId))
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, sql`now()`)));
  for (const row of rows) {
    access.set(row.sessionId, { role: roleOf(row.role), companyId: row.companyId });
  }
  return access;
}
