import { eq, sql } from "drizzle-orm";
import { setupMessages } from "@/shared/rules/setup";
import type { SetupOwner, SetupOwnerInput } from "@/shared/schemas/setup";
import { countAdmins, findUserIdByEmail, promoteToAdmin } from "../../accounts";
import type { Auth } from "../../auth";
import type { Database } from "../../db/client";
import { countInWindow } from "../../db/rate-counter";
import { profiles } from "../../db/schema";
import type { Env } from "../../env";
import { badRequest, conflict, notFound, Problem, tooManyRequests } from "../../http/problem";
import { refusedPasswordOf } from "../auth/password-policy-hook";
import { isSetupCode } from "./setup-code";

/** Wrong codes one client address may send in a window (ADR 021): the code is 128 bits, this only keeps logs quiet. */
export const SETUP_GUESSES_PER_WINDOW = 10;
export const SETUP_GUESS_WINDOW_MS = 15 * 60_000;

/**
 * Serialises the step that makes the first admin, across every process on the database: the
 * transaction that promotes holds this advisory lock while it counts admins.
 */
const SETUP_LOCK_KEY = 0x5e7_0b; // "setup"

/** ADMIN_EMAIL/ADMIN_PASSWORD make the first admin at start-up: then there is no setup page at all. */
export const setupConfiguredAway = (env: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD">) => Boolean(env.ADMIN_EMAIL || env.ADMIN_PASSWORD);

/**
 * Whether /setup is open: nobody configured an admin and none exists. Once an admin has existed
 * it stays closed for the life of the process without another query (a signed-out visit of `/`
 * asks), even if every admin were later demoted: the CLI's `promote` is the way back then.
 */
export function createSetupGate(db: Database, env: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD">) {
  let closed = setupConfiguredAway(env);
  return {
    async isOpen(): Promise<boolean> {
      if (closed) return false;
      if ((await countAdmins(db)) > 0) closed = true;
      return !closed;
    },
    close() {
      closed = true;
    },
  };
}
export type SetupGate = ReturnType<typeof createSetupGate>;

/** Counts a guess of the client address; 429 beyond the limit. Counted before the code is compared. */
export async function limitSetupGuesses(db: Database, clientIp: string): Promise<void> {
  const { count, resetsInMs } = await countInWindow(db, `setup-code:${clientIp}`, SETUP_GUESS_WINDOW_MS);
  if (count > SETUP_GUESSES_PER_WINDOW) throw tooManyRequests(setupMessages.tooManyGuesses, resetsInMs / 1000);
}

export function checkSetupCode(env: Pick<Env, "AUTH_SECRET">, code: string): void {
  if (!isSetupCode(env.AUTH_SECRET, code)) {
    throw new Problem(403, "Forbidden", setupMessages.codeWrong, [{ field: "code", message: setupMessages.codeWrong }]);
  }
}

/**
 * Makes the owner: the account through Better Auth (its hashing, its rows), then, under the setup
 * lock, the admin role if still no admin exists. Whoever comes second (another tab, another
 * process) finds an admin there, has the account just made removed again and gets 404, so
 * exactly one first admin is made and the loser leaves nothing behind. Answers Better Auth's
 * sign-in response, whose Set-Cookie signs the owner in (the promotion ended the sign-up's
 * session, drizzle/0007).
 */
export async function createOwner(
  { db, auth }: { db: Database; auth: Auth },
  input: Omit<SetupOwnerInput, "code">,
  headers: Headers,
): Promise<{ owner: SetupOwner; signedIn: Response }> {
  const emailTaken = () => conflict(setupMessages.emailTaken, [{ field: "email", message: setupMessages.emailTaken }]);
  if (await findUserIdByEmail(db, input.email)) throw emailTaken();
  const signedUp = await auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers, asResponse: true }).catch((error: unknown) => {
    // The password policy's hook throws even with asResponse (password-policy-hook.ts).
    const refused = refusedPasswordOf(error);
    throw refused ? badRequest(refused, [{ field: "password", message: refused }]) : error;
  });
  if (!signedUp.ok) {
    // Another request took the address between the check above and here.
    if (signedUp.status === 422 || signedUp.status === 400) throw emailTaken();
    throw new Error(`setup: sign-up failed with ${signedUp.status}`);
  }
  const { user } = (await signedUp.json()) as { user: { id: string; email: string; name: string } };
  const promoted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
    if ((await countAdmins(tx as unknown as Database)) > 0) return false;
    await promoteToAdmin(tx as unknown as Database, user.id);
    return true;
  });
  if (!promoted) {
    // Its sessions and password go with it (foreign keys cascade); it was never shown to anyone.
    await db.delete(profiles).where(eq(profiles.id, user.id));
    throw notFound(setupMessages.closed);
  }
  const signedIn = await auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers, asResponse: true });
  if (!signedIn.ok) throw new Error(`setup: sign-in of the new owner failed with ${signedIn.status}`);
  return { owner: { user: { id: user.id, email: user.email, name: user.name } }, signedIn };
}
