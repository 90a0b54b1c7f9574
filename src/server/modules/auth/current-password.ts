import { authMessages } from "@/shared/rules/auth";
import { APIError } from "better-auth/api";
import { CLIENT_IP_HEADER, type Auth } from "../../auth";
import type { Database } from "../../db/client";
import { countInWindow, uncount } from "../../db/rate-counter";
import { badRequest, tooManyRequests, unauthorized, type Problem } from "../../http/problem";

/**
 * Wrong current passwords allowed in one window: per account (a stolen session guessing its
 * owner's password from any number of addresses) and per client address (one address trying the
 * sessions of many accounts). Past either, every check answers 429, the right password too, until
 * the window that began with the first wrong guess ends. Five mistypes are more than an owner
 * makes; an office behind one address shares the twenty.
 */
export const CURRENT_PASSWORD_LIMITS = {
  perAccount: 5,
  perAddress: 20,
  windowMs: 15 * 60 * 1000,
} as const;

const accountKey = (userId: string) => `current-password:account:${userId}`;
const addressKey = (ip: string) => `current-password:address:${ip}`;

export interface CurrentPasswordCheck {
  password: string;
  /** The form field the password was typed into, named by a 400. */
  field: "currentPassword" | "password";
  /** What a wrong password answers, in the words of that form. */
  wrongMessage: string;
}

/**
 * Re-authentication before a change that could hand the account to someone else (ASVS 7.5.1):
 * changing the address or the password, turning two-factor sign-in on or off, and whatever asks
 * for the password next. Every one of them goes through here, so all share one count: checks run
 * through Better Auth's `verifyPassword` directly are not held by its per-path limiter.
 *
 * Each attempt is counted before the password is checked (so parallel guesses cannot all pass a
 * check none of them has recorded yet) and taken back when the password was right: the counts are
 * of wrong guesses, in the database, so every server process counts together. Undefined when the
 * password is right; else 401 without a session, 429 with Retry-After past a limit, or 400 naming
 * the field.
 */
export async function verifyCurrentPassword({ auth, db }: { auth: Auth; db: Database }, headers: Headers, check: CurrentPasswordCheck): Promise<Problem | undefined> {
  const session = await auth.api.getSession({ headers });
  if (!session) return unauthorized();
  const account = accountKey(session.user.id);
  const address = addressKey(headers.get(CLIENT_IP_HEADER) ?? "unknown");
  const { windowMs, perAccount, perAddress } = CURRENT_PASSWORD_LIMITS;

  const forAccount = await countInWindow(db, account, windowMs);
  if (forAccount.count > perAccount) return tooManyGuesses(forAccount.resetsInMs);
  const forAddress = await countInWindow(db, address, windowMs);
  if (forAddress.count > perAddress) {
    // Refused for the address's guesses: the account made no guess here.
    await uncount(db, account);
    return tooManyGuesses(forAddress.resetsInMs);
  }
  if (await passwordIsRight(auth, headers, check.password)) {
    await uncount(db, account);
    await uncount(db, address);
    return undefined;
  }
  return badRequest(check.wrongMessage, [{ field: check.field, message: check.wrongMessage }]);
}

const tooManyGuesses = (resetsInMs: number) => tooManyRequests(authMessages.currentPasswordTooManyGuesses, resetsInMs / 1000);

async function passwordIsRight(auth: Auth, headers: Headers, password: string): Promise<boolean> {
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
    return true;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return false;
  }
}
