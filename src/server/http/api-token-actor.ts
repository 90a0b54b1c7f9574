import { and, eq, isNull } from "drizzle-orm";
import { can } from "@/shared/policies";
import { apiTokenMessages } from "@/shared/rules/api-token";
import { actorColumns, actorOf } from "../actor-row";
import { companyUsers, profiles, userRoles } from "../db/schema";
import { countInWindow } from "../db/rate-counter";
import { scopeOfPermissions } from "../modules/api-tokens/token-scope";
import type { Actor } from "../actor";
import type { AppDeps } from "./context";
import { tooManyRequests, unauthorized } from "./problem";

/** The window of a token's own limit (API_TOKEN_RATE_LIMIT requests in it). */
const TOKEN_WINDOW_MS = 60_000;

/**
 * The person behind an API token, with their rights as they are now (ADR 030). The API key plugin
 * checks the token (hash, expiry, revocation) and records its use; the token's own limit is then
 * counted in a fixed minute shared by every process (db/rate-counter.ts, as the posting limit is),
 * and one query reads its owner afresh, uncached, so a demotion, removal or deactivation ends the
 * token on its very next request. A token whose owner may no longer hold one is refused like an
 * unknown token (the database trigger of migration 0020 also deletes it).
 */
export async function loadTokenActor(deps: Pick<AppDeps, "auth" | "db" | "env">, token: string): Promise<Actor> {
  const verified = await deps.auth.api.verifyApiKey({ body: { key: token } });
  if (!verified.valid || !verified.key) throw unauthorized(apiTokenMessages.invalid);
  const key = verified.key;
  const { count, resetsInMs } = await countInWindow(deps.db, `api-token:${key.id}`, TOKEN_WINDOW_MS);
  if (count > deps.env.API_TOKEN_RATE_LIMIT) throw tooManyRequests(apiTokenMessages.rateLimited, Math.max(1, Math.ceil(resetsInMs / 1000)));
  const [owner] = await deps.db
    .select(actorColumns)
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .leftJoin(companyUsers, eq(companyUsers.userId, profiles.id))
    .where(and(eq(profiles.id, key.referenceId), isNull(profiles.deactivatedAt)));
  // Whether the person may hold a token at all, asked of the person (a token itself may make none).
  const person = owner && actorOf(owner, { sessionId: null });
  if (!person || !can(person, "create", "apiToken")) throw unauthorized(apiTokenMessages.invalid);
  return { ...person, apiToken: { id: key.id, scope: scopeOfPermissions(key.permissions) } };
}
