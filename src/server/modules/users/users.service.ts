import { count, eq } from "drizzle-orm";
import type { Auth } from "../../auth";
import type { Database } from "../../db/client";
import { profiles, userRoles } from "../../db/schema";

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

/** Idempotent: promoting an admin again changes nothing. */
export async function promoteToAdmin(db: Database, userId: string): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role: "admin" })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
}

export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.role, "admin"));
  return row?.n ?? 0;
}

/** Creates the admin, or promotes the existing user with that email. Returns what happened. */
export async function ensureAdmin(db: Database, auth: Auth, user: NewUser): Promise<"created" | "promoted"> {
  const existing = await findUserIdByEmail(db, user.email);
  if (existing) {
    await promoteToAdmin(db, existing);
    return "promoted";
  }
  const id = await createUser(auth, user);
  await promoteToAdmin(db, id);
  return "created";
}
