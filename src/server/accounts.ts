import { count, eq } from "drizzle-orm";
import type { Auth } from "./auth";
import type { Database } from "./db/client";
import { profiles, userRoles } from "./db/schema";

/*
 * Accounts made outside any request: the start-up admin, `npm run admin`, the seed scripts and the
 * test harness. They act as the operator, so they take the database and auth directly rather than
 * a request's ServiceContext (request-time services live in modules/).
 */

export interface NewUser {
  email: string;
  password: string;
  name: string;
}

/** Creates a user through Better Auth (so the password is hashed and stored its way). */
export async function createUser(auth: Auth, user: NewUser): Promise<string> {
  const result = await auth.api.signUpEmail({ body: { email: user.email, password: user.password, name: user.name } });
  return result.user.id;
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email.toLowerCase()));
  return row?.id;
}

/**
 * Idempotent: promoting an admin again changes nothing. A role that does change ends every
 * session of that user (a database trigger, drizzle/0007), so nobody keeps a session that was
 * signed in under another role.
 */
export async function promoteToAdmin(db: Database, userId: string): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role: "admin" })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
}

export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return row?.role === "admin";
}

export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.role, "admin"));
  return row?.n ?? 0;
}

/**
 * What `createAdmin` did. `exists` means an account with that email was there already and was left
 * exactly as it was: anyone can sign up with any address (nothing verifies it), so promoting an
 * existing account by email alone would hand the admin role to whoever registered it first.
 */
export type CreateAdminOutcome = "created" | "already-admin" | "exists";

/** Creates a new admin. Never promotes or changes an existing account (promote is its own command). */
export async function createAdmin(db: Database, auth: Auth, user: NewUser): Promise<CreateAdminOutcome> {
  const existing = await findUserIdByEmail(db, user.email);
  if (existing) return (await isAdmin(db, existing)) ? "already-admin" : "exists";
  const id = await createUser(auth, user);
  await promoteToAdmin(db, id);
  return "created";
}
