import { createMiddleware } from "hono/factory";
import type { AppDeps } from "../../http/context";

/**
 * Mounted in front of Better Auth's sign-out: once the sign-out succeeded, every server process
 * ends that session's event streams at once (the periodic access check would also, but later),
 * and the session's cached actor is dropped before the next request can use it.
 */
export function endStreamsOnSignOut({ auth, events, actors }: Pick<AppDeps, "auth" | "events" | "actors">) {
  return createMiddleware(async (c, next) => {
    if (c.req.method !== "POST") return next();
    const session = await auth.api
      .getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } })
      .catch(() => null);
    await next();
    if (!session || !c.res.ok) return;
    // At once in this process; other processes hear it from the bus (and the sessions trigger).
    actors.evictSession(session.session.id);
    await events.endSession(session.session.id);
  });
}
