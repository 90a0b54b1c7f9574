import { setTimeout as sleep } from "node:timers/promises";
import type { Database } from "../../db/client";
import { countInWindow } from "../../db/rate-counter";

/**
 * Reset links one address may be sent per hour, counted for every address asked about (so the
 * limit says nothing about which ones have accounts), on top of Better Auth's 3 requests a minute
 * per client address. Without it, anyone could fill a stranger's mailbox from many addresses; with
 * it, the owner still gets a new link within the hour.
 */
export const RESET_REQUESTS_PER_ADDRESS = 5;
const WINDOW_MS = 60 * 60 * 1000;

/** 0 when a reset link may be requested for `email` now (and counts it), else the milliseconds to wait. */
export async function claimResetRequest(db: Database, email: string): Promise<number> {
  const { count, resetsInMs } = await countInWindow(db, `password-reset:${email.trim().toLowerCase()}`, WINDOW_MS);
  return count > RESET_REQUESTS_PER_ADDRESS ? Math.max(1, resetsInMs) : 0;
}

/**
 * Every reset request that Better Auth answered is answered this long after it arrived: for an
 * address with an account it also writes a token and renders and queues the mail, for one without
 * it only looks the address up, and the difference must not show in the answer's timing.
 */
export const RESET_REQUEST_ANSWER_MS = 500;

export async function answerNoSoonerThan(startedAt: number, ms = RESET_REQUEST_ANSWER_MS): Promise<void> {
  const left = startedAt + ms - performance.now();
  if (left > 0) await sleep(left);
}
