import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Role } from "../../shared/enums";
import { companyUsers, profiles, userRoles } from "../db/schema";
import { forbidden, unauthorized } from "./problem";
import type { Actor, AppDeps, AppEnv } from "./context";

/** Resolves the caller from the session cookie; `refreshHeaders` carry a rolled session cookie. */
export async function loadActor(
  deps: Pick<AppDeps, "auth" | "db">,
  headers: Headers,
): Promise<{ actor: Actor | null; refreshHeaders: Headers }> {
  const { headers: refreshHeaders, response: session } = await deps.auth.api.getSession({ headers, returnHeaders: true });
  if (!session) return { actor: null, refreshHeaders };
  const [membership] = await deps.db
    .select({ role: userRoles.role, companyId: companyUsers.companyId })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .leftJoin(companyUsers, eq(companyUsers.userId, profiles.id))
    .where(eq(profiles.id, session.user.id));
  const role: Role = membership?.role === "admin" ? "admin" : "customer";
  return {
    actor: {
      userId: session.user.id,
      email: session.user.email,
      name: session.user.name,
      role,
      companyId: membership?.companyId ?? null,
      sessionId: session.session.id,
    },
    refreshHeaders,
  };
}

/** 401 without a valid session; otherwise puts the actor on the context. */
export function requireSession(deps: Pick<AppDeps, "auth" | "db">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { actor, refreshHeaders } = await loadActor(deps, c.req.raw.headers);
    if (!actor) throw unauthorized();
    c.set("actor", actor);
    await next();
    for (const cookie of refreshHeaders.getSetCookie()) c.res.headers.append("Set-Cookie", cookie);
  });
}

/** 403 for a signed-in caller without the role. Mount after requireSession. */
export function requireRole(role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.var.actor.role !== role) throw forbidden();
    await next();
  });
}
