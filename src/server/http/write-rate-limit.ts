import { createMiddleware } from "hono/factory";
import { countInWindow } from "../db/rate-counter";
import type { AppEnv, AppDeps } from "./context";
import { tooManyRequests } from "./problem";

const WINDOW_MS = 60_000;

/**
 * Per-user limit on writes that create content others see (messages, tickets, comments, files): every
 * one of them lands on another user's screen and makes it fetch again, so a script posting in a
 * loop would load everybody's screens. `WRITE_RATE_LIMIT` such writes a minute per customer,
 * counted in the database so every server process counts together; 0 turns it off. Admins are
 * the provider's own staff, trusted with everything (DESIGN D2), and answer in bursts (a morning
 * of tickets, a chat with several customers at once): they are not limited.
 */
export function writeRateLimit({ db, env }: Pick<AppDeps, "db" | "env">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const limit = env.WRITE_RATE_LIMIT;
    if (c.req.method !== "POST" || limit === 0 || c.var.actor.role === "admin") return next();
    const { count, resetsInMs } = await countInWindow(db, `writes:${c.var.actor.userId}`, WINDOW_MS);
    if (count > limit) throw tooManyRequests(`You can post at most ${limit} messages, tickets, comments and files a minute. Please wait a moment.`, resetsInMs / 1000);
    return next();
  });
}
