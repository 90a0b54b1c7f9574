import { and, count, desc, eq } from "drizzle-orm";
import { can } from "@/shared/policies";
import { API_TOKENS_PER_PERSON, apiTokenMessages } from "@/shared/rules/api-token";
import type { ApiToken, CreatedApiToken } from "@/shared/schemas/api-token";
import type { z } from "zod";
import type { createApiTokenSchema } from "@/shared/schemas/api-token";
import { apiTokens } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../http/problem";
import { permissionsOfScope, scopeOfPermissions } from "./token-scope";
import { auditBy } from "@/server/changes/audit-entry";
import type { ServiceContext } from "../context";

/**
 * The caller's own API tokens (ADR 030): listing, making and revoking them. Every query is bound
 * to the caller: nobody sees or revokes another person's token, admins included. Better Auth's API
 * key plugin makes each token (random, hashed, stored); the rules of who may hold which are here.
 */

const DAY_SECONDS = 24 * 60 * 60;

type ApiTokenRow = Pick<typeof apiTokens.$inferSelect, "id" | "name" | "start" | "permissions" | "createdAt" | "lastRequest" | "expiresAt">;

const listColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  start: apiTokens.start,
  permissions: apiTokens.permissions,
  createdAt: apiTokens.createdAt,
  lastRequest: apiTokens.lastRequest,
  expiresAt: apiTokens.expiresAt,
};

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name ?? "",
  start: row.start ?? "",
  scope: scopeOfPermissions(row.permissions),
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastRequest?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** Newest first; at most API_TOKENS_PER_PERSON exist. An expired token stays listed until the plugin's sweep removes it. */
export async function listOwnApiTokens({ db, actor }: ServiceContext): Promise<ApiToken[]> {
  const rows = await db.select(listColumns).from(apiTokens).where(eq(apiTokens.referenceId, actor.userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

/**
 * The database's refusal of a token over the limit (the `api_tokens_per_person` trigger of migration
 * 0027, which locks the owner's profile row and counts), found however deep Better Auth wraps it.
 */
function isOverTokenLimit(error: unknown): boolean {
  for (let cause = error, depth = 0; typeof cause === "object" && cause !== null && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    if ((cause as { constraint?: unknown }).constraint === "api_tokens_per_person") return true;
  }
  return false;
}

/** 403 for a member who is neither an admin nor a company owner; 400 for a never-expiring customer token; 409 at the limit. */
export async function createOwnApiToken(ctx: ServiceContext, input: z.output<typeof createApiTokenSchema>): Promise<CreatedApiToken> {
  const { db, actor } = ctx;
  if (!can(actor, "create", "apiToken")) throw forbidden(apiTokenMessages.notAllowed);
  if (input.expiresInDays === null && actor.role !== "admin") {
    throw badRequest(apiTokenMessages.neverExpiresAdminsOnly, [{ field: "expiresInDays", message: apiTokenMessages.neverExpiresAdminsOnly }]);
  }
  // The quick answer; parallel requests can all pass it, so the database's trigger is the rule.
  const [held] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.referenceId, actor.userId));
  if ((held?.n ?? 0) >= API_TOKENS_PER_PERSON) throw conflict(apiTokenMessages.tooMany);

  const made = await ctx.auth
    .createApiKey({
      userId: actor.userId,
      name: input.name,
      expiresIn: input.expiresInDays === null ? null : input.expiresInDays * DAY_SECONDS,
      permissions: permissionsOfScope(input.scope),
    })
    .catch((error: unknown) => {
      throw isOverTokenLimit(error) ? conflict(apiTokenMessages.tooMany) : error;
    });
  await ctx.record(ctx.db, { audit: auditBy(ctx, { kind: "api_token.created", companyId: actor.companyId, target: { type: "api_token", id: made.id, label: input.name }, details: { scope: input.scope, start: made.start ?? "" } }) });
  return {
    id: made.id,
    name: input.name,
    start: made.start ?? "",
    scope: input.scope,
    createdAt: made.createdAt.toISOString(),
    lastUsedAt: null,
    expiresAt: made.expiresAt?.toISOString() ?? null,
    token: made.key,
  };
}

/** Revoked at once: the next request with it gets 401. 404 for a token that is not the caller's. */
export async function revokeOwnApiToken(ctx: ServiceContext, input: { id: string }): Promise<void> {
  const [revoked] = await ctx.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, input.id), eq(apiTokens.referenceId, ctx.actor.userId)))
    .returning({ id: apiTokens.id, name: apiTokens.name });
  if (!revoked) throw notFound(apiTokenMessages.notFound);
  await ctx.record(ctx.db, { audit: auditBy(ctx, { kind: "api_token.revoked", companyId: ctx.actor.companyId, target: { type: "api_token", id: revoked.id, label: revoked.name ?? "" } }) });
}
