import { and, eq, isNull } from "drizzle-orm";
import type { Role } from "@/shared/enums";
import type { Actor } from "./actor";
import type { Database } from "./db/client";
import { companyUsers, profiles, userRoles } from "./db/schema";

/**
 * The columns a person is read from as an `Actor`: the account, its role record and its membership.
 * The query joins `userRoles` and `companyUsers` (left joins: most people have neither) on the
 * account's id. One list for the session, the API token and the online payer, so the three never
 * disagree about who someone is.
 */
export const actorColumns = {
  userId: profiles.id,
  name: profiles.fullName,
  email: profiles.email,
  role: userRoles.role,
  companyId: companyUsers.companyId,
  companyRole: companyUsers.role,
  answersQuotes: companyUsers.answersQuotes,
  readsAccessLog: companyUsers.readsAccessLog,
  twoFactorEnabled: profiles.twoFactorEnabled,
};

/** No role record means customer (user_roles holds the admins). */
export const roleOf = (role: Role | null | undefined): Role => (role === "admin" ? "admin" : "customer");

type ActorRow = { [Key in keyof typeof actorColumns]: Key extends "role" | "companyId" | "companyRole" | "answersQuotes" | "readsAccessLog" ? Actor[Key] | null : Actor[Key] };

/** The actor a row of `actorColumns` describes, calling with `access` (a session, or an API token). */
export const actorOf = (row: ActorRow, access: Pick<Actor, "sessionId" | "apiToken">): Actor => ({
  userId: row.userId,
  email: row.email,
  name: row.name,
  role: roleOf(row.role),
  companyId: row.companyId,
  companyRole: row.companyRole,
  answersQuotes: row.answersQuotes === true,
  readsAccessLog: row.readsAccessLog === true,
  twoFactorEnabled: row.twoFactorEnabled,
  ...access,
});

/**
 * The account `userId` as an actor acting on its own, outside any session (the online payer, the
 * sender of a mail): undefined when there is no such account, or with `activeOnly` a deactivated one.
 */
export async function actorOfAccount(db: Database, userId: string, { activeOnly }: { activeOnly: boolean }): Promise<Actor | undefined> {
  const [row] = await db
    .select(actorColumns)
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .leftJoin(companyUsers, eq(companyUsers.userId, profiles.id))
    .where(and(eq(profiles.id, userId), activeOnly ? isNull(profiles.deactivatedAt) : undefined));
  return row && actorOf(row, { sessionId: null });
}

/**
 * The admin `userId` is now, to act on their behalf (a schedule's invoice, ADR 048; a quote's
 * invoice, ADR 049); undefined once the account is gone, deactivated or no longer an admin.
 */
export async function adminActorOf(db: Pick<Database, "select">, userId: string | null): Promise<Actor | undefined> {
  if (userId === null) return undefined;
  const [row] = await db
    .select(actorColumns)
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .leftJoin(companyUsers, eq(companyUsers.userId, profiles.id))
    .where(and(eq(profiles.id, userId), isNull(profiles.deactivatedAt)));
  const actor = row && actorOf(row, { sessionId: null });
  return actor?.role === "admin" ? actor : undefined;
}
