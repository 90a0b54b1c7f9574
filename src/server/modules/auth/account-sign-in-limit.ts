import { claimBackoffAttempt, resetCounter, restartWait, type BackoffPolicy } from "../../db/rate-counter";
import type { Database } from "../../db/client";

/**
 * Sign-in attempts per account, on top of Better Auth's per-address limit (which alone allowed
 * about 26,000 guesses a day from one address and any number across addresses). Five attempts
 * are free; after that each one waits, from the last failure, 2 s, then 4, 8, 16, 32 and at most
 * 60 s. An attacker spread over any number of addresses gets about one guess a minute per account
 * (about 1,440 a day), and the real owner, whose attempts wait in the same line, is never kept out
 * for more than a minute. A successful sign-in clears the count; an hour without attempts too.
 * docs/security.md has the numbers.
 */
export const ACCOUNT_SIGN_IN_BACKOFF: BackoffPolicy = {
  free: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 60 * 60 * 1000,
};

const keyOf = (email: string) => `account-sign-in:${email.trim().toLowerCase()}`;

/** 0 when this attempt may go ahead (and is counted), else the milliseconds to wait. */
export function claimSignInAttempt(db: Database, email: string): Promise<number> {
  return claimBackoffAttempt(db, keyOf(email), ACCOUNT_SIGN_IN_BACKOFF);
}

/** A failed attempt: the wait before the next one runs from now. */
export function signInFailed(db: Database, email: string): Promise<void> {
  return restartWait(db, keyOf(email));
}

/** A successful sign-in clears the account's count. */
export function forgetSignInAttempts(db: Database, email: string): Promise<void> {
  return resetCounter(db, keyOf(email));
}
