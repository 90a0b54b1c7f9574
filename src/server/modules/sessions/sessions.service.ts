import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { AccountSession } from "@/shared/schemas/session";
import { sessions } from "../../db/schema";
import { badRequest, notFound } from "../../http/problem";
import { endOtherSessions } from "../auth/other-sessions";
import type { ServiceContext } from "../context";
import { deviceOf } from "./device";

/**
 * The caller's own sessions, and ending them. Every query is bound to the caller's user id: nobody
 * sees or ends another user's session, admins included (ending someone else's sessions belongs to
 * deactivating an account, which is not built yet). Deleting a row is all it takes: the triggers evict
 * the cached session and end its event streams in every process (ADR 010).
 */
export async function listOwnSessions({ db, actor }: ServiceContext): Promise<AccountSession[]> {
  const rows = await db
    .select({ id: sessions.id, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    ipAddress: row.ipAddress || null,
    signedInAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: row.id === actor.sessionId,
  }));
}

export const END_CURRENT_SESSION = "This is the session you are using: sign out instead";

/** Signs one of the caller's other sessions out. 404 for an id that is not theirs. */
export async function endOwnSession({ db, actor }: ServiceContext, input: { id: string }): Promise<void> {
  if (input.id === actor.sessionId) throw badRequest(END_CURRENT_SESSION);
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, input.id), eq(sessions.userId, actor.userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound("Session not found");
}

/** Signs every session of the caller out but the one asking; says how many it ended. */
export async function endOtherOwnSessions({ db, actor }: ServiceContext): Promise<{ ended: number }> {
  return { ended: await endOtherSessions(db, actor.userId, actor.sessionId) };
}
