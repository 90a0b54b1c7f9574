import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Role } from "../../shared/enums";
import { actorColumns, actorOf } from "../actor-row";
import { SESSION_EXPIRES_IN, SESSION_MAX_LIFETIME, SESSION_UPDATE_AGE } from "../auth";
import { companyUsers, profiles, sessions, userRoles } from "../db/schema";
import { forbidden, twoFactorRequired, unauthorized } from "./problem";
import { SAFE_METHODS } from "./security";
import { readSignedSessionToken } from "./session-token";
import { loadTokenActor } from "./api-token-actor";
import { bearerTokenOf } from "./bearer-token";
import type { Actor } from "../actor";
import type { AppDeps, AppEnv } from "./context";

type SessionDeps = Pick<AppDeps, "auth" | "db" | "env" | "actors">;

/** When Better Auth's rolling expiry wants this session renewed (at most once a day per session). */
const renewDueAtMs = (expiresAtMs: number) => expiresAtMs - (SESSION_EXPIRES_IN - SESSION_UPDATE_AGE) * 1000;
/** When a session made at `createdAt` ends however active it was (SESSION_MAX_LIFETIME). */
const endsAtMs = (createdAt: Date) => createdAt.getTime() + SESSION_MAX_LIFETIME * 1000;

/**
 * Resolves the caller from the session cookie: from the actor cache when it was resolved moments
 * ago, otherwise in one query (session, user, role and company), which then fills the cache.
 * When the rolling expiry is due Better Auth's own getSession renews it and `refreshHeaders`
 * carry the renewed cookie. A session past its absolute lifetime is deleted here, which ends it
 * everywhere (its cached copies and event streams, through the sessions trigger); a cached copy
 * outlives that moment by the cache's time to live at most (SESSION_CACHE_TTL_MS, 15 s).
 */
export async function loadActor(deps: SessionDeps, headers: Headers): Promise<{ actor: Actor | null; refreshHeaders: Headers | undefined }> {
  const cookieName = (await deps.auth.$context).authCookies.sessionToken.name;
  const token = readSignedSessionToken(headers.get("cookie"), cookieName, deps.env.AUTH_SECRET);
  if (!token) return { actor: null, refreshHeaders: undefined };
  const cached = deps.actors.get(token);
  if (cached && Date.now() < renewDueAtMs(cached.expiresAtMs)) return { actor: cached.actor, refreshHeaders: undefined };
  const epoch = deps.actors.epoch;

  const [row] = await deps.db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      ...actorColumns,
    })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, sessions.userId))
    .leftJoin(companyUsers, eq(companyUsers.userId, sessions.userId))
    // Deactivation deletes the account's sessions (drizzle/0011); this also closes the moment between
    // the sign-in's check (auth.ts) and its session row landing.
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`), isNull(profiles.deactivatedAt)));
  if (!row) return { actor: null, refreshHeaders: undefined };
  if (Date.now() >= endsAtMs(row.createdAt)) {
    await deps.db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return { actor: null, refreshHeaders: undefined };
  }

  const actor = actorOf(row, { sessionId: row.sessionId });
  if (Date.now() >= renewDueAtMs(row.expiresAt.getTime())) {
    // Not cached, and an older copy is dropped now rather than when the sessions trigger's notice
    // arrives (on PostgreSQL, moments later): the renewal moves expiresAt, and the next request reads it back.
    deps.actors.forget(token);
    const renewed = await deps.auth.api.getSession({ headers, returnHeaders: true });
    return { actor: renewed.response ? actor : null, refreshHeaders: renewed.headers };
  }
  deps.actors.set(token, { actor, expiresAtMs: row.expiresAt.getTime() }, epoch);
  return { actor, refreshHeaders: undefined };
}

/**
 * 401 without a valid session or API token; otherwise puts the actor on the context. A request
 * with `Authorization: Bearer` is the token's alone: its cookie, if any, is not read. Where a token
 * may go is each route's to say (`tokenReach` in http/token-reach.ts, which `sessionRoutes` puts on
 * every route).
 */
export function requireSession(deps: SessionDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const bearer = bearerTokenOf(c.req.raw.headers);
    if (bearer !== null) {
      const actor = await loadTokenActor(deps, bearer);
      c.set("actor", actor);
      if (mustEnrolTwoFactor(deps.env, actor)) throw twoFactorRequired();
      return next();
    }
    const { actor, refreshHeaders } = await loadActor(deps, c.req.raw.headers);
    if (!actor) throw unauthorized();
    c.set("actor", actor);
    if (mustEnrolTwoFactor(deps.env, actor) && !TWO_FACTOR_ENROLMENT_PATHS.test(c.req.path)) throw twoFactorRequired();
    await next();
    if (refreshHeaders) for (const cookie of refreshHeaders.getSetCookie()) c.res.headers.append("Set-Cookie", cookie);
    // A write may change who this user is (creating their company, say): the next request of
    // theirs reads it afresh here, without waiting for the trigger's notice.
    if (!SAFE_METHODS.has(c.req.method) && c.res.ok) deps.actors.evictUser(actor.userId);
  });
}

/**
 * With REQUIRE_ADMIN_2FA, an admin without two-factor sign-in may only reach what turning it on
 * needs: /api/me (who they are) and their sessions (the account page); /api/auth is not behind
 * this middleware. Everything else, including the routes both roles share (an admin reads every
 * company's records through them), answers 403 `two_factor_required`.
 */
const TWO_FACTOR_ENROLMENT_PATHS = /^\/api\/(me|sessions)(\/|$)/;

export const mustEnrolTwoFactor = (env: Pick<AppDeps["env"], "REQUIRE_ADMIN_2FA">, actor: Pick<Actor, "role" | "twoFactorEnabled">) =>
  env.REQUIRE_ADMIN_2FA && actor.role === "admin" && !actor.twoFactorEnabled;

/** 403 for a signed-in caller without the role. Mount after requireSession. */
export function requireRole(role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.var.actor.role !== role) throw forbidden();
    await next();
  });
}

/** The admin-only routes' middleware (most of the API's writes), one instance for every router. */
export const adminOnly = requireRole("admin");
