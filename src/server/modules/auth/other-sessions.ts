import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sessions } from "../../db/schema";

/**
 * Ends every session of the user but `keepSessionId` (after a password change, or when the user
 * asks) and says how many it ended. Better Auth's own
 * `revokeOtherSessions` deletes all of them and signs the caller in again: the caller's event
 * stream then ends (its session is gone) and the tab, checking its session before the answer with
 * the new cookie has arrived, was sent to the sign-in page (seen in the e2e suite). Deleting the
 * other rows leaves this session, its cookie and its stream as they were; the sessions' triggers
 * end the other sessions' cached entries and streams in every process.
 */
export async function endOtherSessions(db: Database, userId: string, keepSessionId: string): Promise<number> {
  const ended = await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))).returning({ id: sessions.id });
  return ended.length;
}
