import type { Database } from "../../db/client";
import { countInWindow, uncount } from "../../db/rate-counter";

/**
 * Sign-in attempts per client address, in place of Better Auth's 3 per 10 s (which refused the
 * fourth person of an office behind one address signing in at 9:00). Two counts, in the database
 * so every server process shares them:
 *
 * - all attempts, 60 a minute: an office of 60 signs in within one minute, and no address makes
 *   the server hash passwords faster than that;
 * - wrong ones, 30 a quarter hour: what an attacker at one address gets against any number of
 *   accounts (120 guesses an hour, from 1,080), while an office's typos fit with room to spare.
 *
 * The per-account limit (account-sign-in-limit.ts) applies on top. ADR 012's amendment has the
 * measurement.
 */
export const SIGN_IN_ADDRESS_LIMITS = {
  attempts: 60,
  attemptsWindowMs: 60 * 1000,
  failures: 30,
  failuresWindowMs: 15 * 60 * 1000,
} as const;

const attemptsKey = (ip: string) => `sign-in-address:attempts:${ip}`;
const failuresKey = (ip: string) => `sign-in-address:failures:${ip}`;

/**
 * 0 when a sign-in from `ip` may go ahead, else the milliseconds to wait. An attempt that goes
 * ahead is counted as a failure until it turns out right (signInWasNoFailure), so parallel
 * guesses cannot all pass a count none of them has added to yet.
 */
export async function claimAddressSignIn(db: Database, ip: string): Promise<number> {
  const { attempts, attemptsWindowMs, failures, failuresWindowMs } = SIGN_IN_ADDRESS_LIMITS;
  const all = await countInWindow(db, attemptsKey(ip), attemptsWindowMs);
  if (all.count > attempts) return Math.max(1, all.resetsInMs);
  const wrong = await countInWindow(db, failuresKey(ip), failuresWindowMs);
  return wrong.count > failures ? Math.max(1, wrong.resetsInMs) : 0;
}

/** The password was right (or no password was checked at all): the claimed failure is taken back. */
export function signInWasNoFailure(db: Database, ip: string): Promise<void> {
  return uncount(db, failuresKey(ip));
}
