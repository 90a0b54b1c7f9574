import type { Actor, SystemActor } from "@/server/actor";
import type { RequestClient } from "@/server/modules/context";
import type { AuditEntry } from "./change";

/** Who acted and from where: the part of an audit entry every request already knows. */
export type AuditSource = Pick<AuditEntry, "actorId" | "actorEmail" | "ip" | "userAgent">;

/** The part of a ServiceContext an audit entry is signed with; a SystemActor signs it as nobody. */
interface AuditedContext {
  actor: Pick<Actor | SystemActor, "userId" | "email">;
  client?: RequestClient;
}

/** The request's actor, client address and User-Agent, for an entry written by a service. */
export function auditSourceOf(ctx: AuditedContext): AuditSource {
  return { actorId: ctx.actor.userId, actorEmail: ctx.actor.email, ip: ctx.client?.ip ?? null, userAgent: ctx.client?.userAgent ?? null };
}

/**
 * The entry as the request's actor, from its client, wrote it: the audit part of a change,
 * `await ctx.record(tx, { audit: auditBy(ctx, { kind: "member.removed", companyId, target }) })`.
 * A read that is audited (an export, a download) records it the same way on `ctx.db`.
 */
export function auditBy(ctx: AuditedContext, entry: Omit<AuditEntry, keyof AuditSource>): AuditEntry {
  return { ...auditSourceOf(ctx), ...entry };
}
