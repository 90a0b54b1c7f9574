import { and, eq, like } from "drizzle-orm";
import type { Database } from "../../db/client";
import { verifications } from "../../db/schema";

/**
 * Ends every reset link the user was mailed and has not used. Called once a link has set a new
 * password and when a sign-in makes a session: either way the owner holds the password, and a
 * link left in a mailbox (a forwarded mail, a mailbox read later by someone else) must not set
 * another one. Better Auth stores each link as `reset-password:<token>`, its value the user's id.
 */
export async function forgetResetLinks(db: Database, userId: string): Promise<void> {
  await db.delete(verifications).where(and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, userId)));
}
