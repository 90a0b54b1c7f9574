import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { AccountSession } from "@/shared/schemas/session";
import { sessionIdOf } from "../../actor";
import { sessions } from "../../db/schema";
import { badRequest, notFound } from "../../http/problem";
import { endOtherSessions } from "../auth/other-sessions";
import type { ServiceContext } from "../context";
import { deviceOf } from "./device";

/**
 * The caller's own sessions, and ending them. Every query is bound to the caller's user id: nobody
 * sees or ends another user's session, admins included (an admin ends someone else's sessions from
 * the Users page, ADR 020). Deleting a row is all it takes: the triggers evict the cached session and
 * end its event streams in every process (ADR 010).
 */

/**
 * The most a list shows. Sign-ins are rate-limited and unused sessions expire, so a real account
 * stays far below it; the cap bounds the answer for one that a script signed in over and over,
 * whose owner ends the rest with "sign out all other sessions".
 */
export const SESSION_LIST_LIMIT = 50;

export async function listOwnSessions({ db, actor }: ServiceContext): Promise<AccountSession[]> {
  const rows = await db
    .select({ id: sessions.id, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.userId), gt(sessions.expiresAt, sql`now()`)))
    // The current session always makes the cut, whatever its age.
    .orderBy(desc(sql`${sessions.id} = ${actor.sessionId}`), desc(sessions.updatedAt), desc(sessions.id))
    .limit(SESSION_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    ipAddress: row.ipAddress || null,
    signedInAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: row.id === actor.sessionId,
  }));
}

export const END_CURRENT_SESSION = "This is the session you are using: log out instead";

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
  return { ended: await endOtherSessions(db, actor.userId, sessionIdOf(actor)) };
}
