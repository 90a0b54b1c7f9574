import { and, eq, gt, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Role } from "../../shared/enums";
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from "../auth";
import { companyUsers, profiles, sessions, userRoles } from "../db/schema";
import { forbidden, unauthorized } from "./problem";
import { readSignedSessionToken } from "./session-token";
import type { Actor, AppDeps, AppEnv } from "./context";

type SessionDeps = Pick<AppDeps, "auth" | "db" | "env">;

/**
 * Resolves the caller from the session cookie in one query: session, user, role and company.
 * When the rolling expiry is due (at most once a day per session) Better Auth's own getSession
 * renews it and `refreshHeaders` carry the renewed cookie.
 */
export async function loadActor(deps: SessionDeps, headers: Headers): Promise<{ actor: Actor | null; refreshHeaders: Headers }> {
  const noRefresh = new Headers();
  const cookieName = (await deps.auth.$context).authCookies.sessionToken.name;
  const token = readSignedSessionToken(headers.get("cookie"), cookieName, deps.env.AUTH_SECRET);
  if (!token) return { actor: null, refreshHeaders: noRefresh };
  const [row] = await deps.db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: profiles.id,
      name: profiles.fullName,
      email: profiles.email,
      role: userRoles.role,
      companyId: companyUsers.companyId,
    })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, sessions.userId))
    .leftJoin(companyUsers, eq(companyUsers.userId, sessions.userId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`)));
  if (!row) return { actor: null, refreshHeaders: noRefresh };

  let refreshHeaders = noRefresh;
  const renewDueAt = row.expiresAt.getTime() - (SESSION_EXPIRES_IN - SESSION_UPDATE_AGE) * 1000;
  if (Date.now() >= renewDueAt) {
    const renewed = await deps.auth.api.getSession({ headers, returnHeaders: true });
    if (!renewed.response) return { actor: null, refreshHeaders: renewed.headers };
    refreshHeaders = renewed.headers;
  }
  const role: Role = row.role === "admin" ? "admin" : "customer";
  return {
    actor: { userId: row.userId, email: row.email, name: row.name, role, companyId: row.companyId, sessionId: row.sessionId },
    refreshHeaders,
  };
}

/** 401 without a valid session; otherwise puts the actor on the context. */
export function requireSession(deps: SessionDeps) {
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
