import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { Role } from "@/shared/enums";
import { can } from "@/shared/policies";
import { userMessages } from "@/shared/rules/user";
import type { Page } from "@/shared/schemas/pagination";
import type { ChangeUserRoleInput, MoveUserInput, PasswordResetSent, UserListItem, UserListQuery } from "@/shared/schemas/user";
import { roleOf } from "@/server/actor-row";
import type { Database } from "@/server/db/client";
import { creationOrder, pagedList, pageSubquery } from "@/server/db/paged-list";
import { companies, companyUsers, profiles, sessions, twoFactors, userRoles } from "@/server/db/schema";
import { badRequest, conflict, forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { teamChanged } from "../members/team-access";
import { auditUserAction } from "./user-audit";
import { accountColumns, selectUser, selectUserRows, toUserListItem, UserSearch } from "./user-select";

/**
 * What every action of the admin Users page (ADR 020) gets besides its ServiceContext: the account
 * it acts on. Each writes one line to the context's logger, naming who did what to whom; the
 * actions the audit log has a kind for are recorded there as well (ADR 027), in the action's transaction.
 */
export interface UserAction {
  id: string;
}

export type UserActionName = "password_reset" | "sign_out_everywhere" | "deactivate" | "reactivate" | "promote" | "demote" | "move_company" | "remove_two_factor";

function requireAdmin(actor: ServiceContext["actor"]): void {
  if (!can(actor, "update", "user")) throw forbidden();
}

function logAction(ctx: ServiceContext, action: UserActionName, target: UserListItem, details: Record<string, unknown> = {}): void {
  ctx.log.info(
    { event: "admin.user_action", action, actor: { id: ctx.actor.userId, email: ctx.actor.email }, target: { id: target.id, email: target.email }, ...details },
    `admin ${ctx.actor.email} ${action.replaceAll("_", " ")}: ${target.email}`,
  );
}

/** Admin only: every account, newest first, searchable by name or address. */
export async function listUsers({ db, actor }: ServiceContext, query: UserListQuery): Promise<Page<UserListItem>> {
  if (!can(actor, "readAll", "user")) throw forbidden();
  const filter = new UserSearch(query.q);
  const { rows, ...counted } = await pagedList(db, {
    name: `users_list_${filter.key}_${query.sort}`,
    table: profiles,
    filter,
    paging: query,
    select: (where, fullCount) => {
      // The page of accounts first (one index scan), then their role and company for those rows only.
      const page = pageSubquery(
        db
          .select(accountColumns)
          .from(profiles)
          .where(where)
          .orderBy(...creationOrder(query.sort, profiles.createdAt, profiles.id))
          .$dynamic(),
      );
      return selectUserRows(db, page, { fullCount }).orderBy(...creationOrder(query.sort, page.createdAt, page.id));
    },
  });
  return { items: rows.map(toUserListItem), ...counted };
}

/** The account's row locked for this transaction (so two admins acting on it take turns); 404 without one. */
async function lockUser(tx: Database, id: string) {
  const [row] = await tx
    .select({ id: profiles.id, email: profiles.email, deactivatedAt: profiles.deactivatedAt, twoFactorEnabled: profiles.twoFactorEnabled })
    .from(profiles)
    .where(eq(profiles.id, id))
    .for("update");
  if (!row) throw notFound(userMessages.userNotFound);
  return row;
}

/**
 * Locks every admin's role record, first, in one order: two admins demoting or deactivating each
 * other at once then take turns, and the second sees what the first did (the count below is a new
 * statement, so it reads what committed while it waited).
 */
async function lockAdminRoles(tx: Database): Promise<void> {
  await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin")).orderBy(asc(userRoles.userId)).for("update");
}

/** 409 unless an active admin other than `userId` stays. */
async function refuseIfLastAdmin(tx: Database, userId: string): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(and(eq(userRoles.role, "admin"), isNull(profiles.deactivatedAt), ne(userRoles.userId, userId)));
  if ((row?.n ?? 0) < 1) throw conflict(userMessages.lastAdmin);
}

/** The account's role as it stands in this transaction. */
async function currentRole(tx: Database, userId: string): Promise<Role> {
  const [row] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return roleOf(row?.role);
}

async function answer(db: Database, id: string): Promise<UserListItem> {
  const user = await selectUser(db, id);
  if (!user) throw notFound(userMessages.userNotFound);
  return user;
}

/**
 * How every change to an account ends, after its transaction: the account's cached actor is
 * dropped (its role, company, status or sign-in changed under it), the account is answered as the
 * list shows it, and the change is logged under `action`; `false` for a request that changed nothing.
 */
async function changedAccount(ctx: ServiceContext, id: string, action: UserActionName | false, details?: Record<string, unknown>): Promise<UserListItem> {
  ctx.forgetActor(id);
  const user = await answer(ctx.db, id);
  if (action) logAction(ctx, action, user, details);
  return user;
}

/**
 * Mails the account a password-reset link: Better Auth's own reset (the same token, page and expiry
 * as "Forgot password"), queued in the outbox by auth.ts's sendResetPassword.
 */
export async function sendPasswordReset(ctx: ServiceContext, { id }: UserAction): Promise<PasswordResetSent> {
  requireAdmin(ctx.actor);
  const user = await answer(ctx.db, id);
  if (user.status === "deactivated") throw conflict(userMessages.resetDeactivated);
  await ctx.auth.requestPasswordReset(user.email);
  await auditUserAction(ctx, { kind: "auth.password_reset_requested", target: user, details: { by: "admin" } });
  logAction(ctx, "password_reset", user);
  return { queued: true, email: user.email };
}

/**
 * The account can no longer sign in (auth.ts refuses the session) and its sessions end at once
 * (the trigger of drizzle/0011 deletes them; their notify trigger ends cached sessions and event
 * streams in every process). Everything it wrote stays. Deactivating a deactivated account changes nothing.
 */
export async function deactivateUser(ctx: ServiceContext, { id }: UserAction): Promise<UserListItem> {
  requireAdmin(ctx.actor);
  if (id === ctx.actor.userId) throw conflict(userMessages.selfDeactivate);
  const changed = await ctx.db.transaction(async (tx) => {
    await lockAdminRoles(tx);
    const target = await lockUser(tx, id);
    if (target.deactivatedAt) return false;
    if ((await currentRole(tx, id)) === "admin") await refuseIfLastAdmin(tx, id);
    await tx.update(profiles).set({ deactivatedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(profiles.id, id));
    await auditUserAction({ ...ctx, db: tx }, { kind: "user.deactivated", target });
    return true;
  });
  return changedAccount(ctx, id, changed && "deactivate");
}

/**
 * Every session of the account ends at once (a lost laptop, a shared computer): deleting the rows
 * ends the cached sessions and open event streams in every process (the sessions trigger). The
 * account stays active and signs in again with its password. One's own devices are signed out from
 * the account page, which keeps the current one.
 */
export async function signOutEverywhere(ctx: ServiceContext, { id }: UserAction): Promise<UserListItem> {
  requireAdmin(ctx.actor);
  if (id === ctx.actor.userId) throw conflict(userMessages.selfSignOut);
  const user = await answer(ctx.db, id);
  const ended = await ctx.db.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
  ctx.forgetActor(id);
  logAction(ctx, "sign_out_everywhere", user, { sessionsEnded: ended.length });
  return user;
}

/** The account may sign in again (with its password as it was); reactivating an active one changes nothing. */
export async function reactivateUser(ctx: ServiceContext, { id }: UserAction): Promise<UserListItem> {
  requireAdmin(ctx.actor);
  const changed = await ctx.db.transaction(async (tx) => {
    const target = await lockUser(tx, id);
    if (!target.deactivatedAt) return false;
    await tx.update(profiles).set({ deactivatedAt: null, updatedAt: sql`now()` }).where(eq(profiles.id, id));
    await auditUserAction({ ...ctx, db: tx }, { kind: "user.reactivated", target });
    return true;
  });
  return changedAccount(ctx, id, changed && "reactivate");
}

/**
 * Promote to admin or back to customer. The portal keeps an active admin, nobody removes their own
 * admin role, and a company member is not promoted (admins belong to no company, ADR 015/020).
 * A change ends the account's sessions (drizzle/0007): they sign in again under the new role.
 */
export async function changeUserRole(ctx: ServiceContext, { id, role }: UserAction & ChangeUserRoleInput): Promise<UserListItem> {
  requireAdmin(ctx.actor);
  if (role === "customer" && id === ctx.actor.userId) throw conflict(userMessages.selfDemote);
  const changed = await ctx.db.transaction(async (tx) => {
    await lockAdminRoles(tx);
    const target = await lockUser(tx, id);
    const current = await currentRole(tx, id);
    if (current === role) return false;
    if (role === "admin") {
      const [membership] = await tx.select({ companyId: companyUsers.companyId }).from(companyUsers).where(eq(companyUsers.userId, id));
      if (membership) throw conflict(userMessages.promoteMember);
      await tx.insert(userRoles).values({ userId: id, role: "admin" }).onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
    } else {
      await refuseIfLastAdmin(tx, id);
      await tx.delete(userRoles).where(eq(userRoles.userId, id));
    }
    await auditUserAction({ ...ctx, db: tx }, { kind: role === "admin" ? "user.role_granted" : "user.role_revoked", target, details: { role: "admin" } });
    return true;
  });
  return changedAccount(ctx, id, changed && (role === "admin" ? "promote" : "demote"));
}

/**
 * Moves a customer to another company, where they arrive as a member, or out of their company
 * (`companyId: null`). The company they leave keeps an owner as the team rules say (ADR 015): the
 * last owner leaves only a company they are alone in. Both companies' rows are locked in one order.
 */
export async function moveUser(ctx: ServiceContext, { id, companyId }: UserAction & MoveUserInput): Promise<UserListItem> {
  requireAdmin(ctx.actor);
  const moved = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, id);
    if ((await currentRole(tx, id)) === "admin") throw conflict(userMessages.adminHasNoCompany);
    const [current] = await tx.select({ companyId: companyUsers.companyId, role: companyUsers.role }).from(companyUsers).where(eq(companyUsers.userId, id));
    const from = current?.companyId ?? null;
    if (from === companyId) return undefined;
    const involved = [from, companyId].filter((value): value is string => value !== null).sort();
    for (const lockedId of involved) {
      const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, lockedId)).for("update");
      if (!company && lockedId === companyId) throw badRequest(userMessages.companyNotFound, [{ field: "companyId", message: userMessages.companyNotFound }]);
    }
    if (from && current?.role === "owner") await refuseIfLastOwner(tx, from);
    if (!companyId) await tx.delete(companyUsers).where(eq(companyUsers.userId, id));
    else if (from) await tx.update(companyUsers).set({ companyId, role: "member", createdAt: sql`now()` }).where(eq(companyUsers.userId, id));
    else await tx.insert(companyUsers).values({ userId: id, companyId, role: "member" });
    await ctx.record(tx, { announce: [from, companyId].filter((company) => company !== null).map(teamChanged) });
    return { from, to: companyId };
  });
  return changedAccount(ctx, id, moved ? "move_company" : false, moved && { fromCompanyId: moved.from, toCompanyId: moved.to });
}

/** 409 when the company has no other owner, unless the owner is its only member (ADR 015). */
async function refuseIfLastOwner(tx: Database, companyId: string): Promise<void> {
  const [row] = await tx
    .select({ owners: count(sql`case when ${companyUsers.role} = 'owner' then 1 end`), members: count() })
    .from(companyUsers)
    .where(eq(companyUsers.companyId, companyId));
  const { owners = 0, members = 0 } = row ?? {};
  if (owners > 1 || members === 1) return;
  throw conflict(userMessages.lastOwner);
}

/**
 * Removes someone's two-factor authentication (a lost phone and lost backup codes), once the
 * admin says they verified the person's identity out of band: the route refuses without that.
 * Their own is turned off from their account page, where the plugin asks for their password.
 */
export async function removeTwoFactor(ctx: ServiceContext, { id }: UserAction): Promise<UserListItem> {
  requireAdmin(ctx.actor);
  if (id === ctx.actor.userId) throw conflict(userMessages.selfTwoFactor);
  await ctx.db.transaction(async (tx) => {
    const target = await lockUser(tx, id);
    const removed = await tx.delete(twoFactors).where(eq(twoFactors.userId, id)).returning({ id: twoFactors.id });
    if (!target.twoFactorEnabled && removed.length === 0) throw conflict(userMessages.twoFactorOff);
    await tx.update(profiles).set({ twoFactorEnabled: false, updatedAt: sql`now()` }).where(eq(profiles.id, id));
    await auditUserAction({ ...ctx, db: tx }, { kind: "auth.two_factor_disabled", target, details: { by: "admin" } });
  });
  return changedAccount(ctx, id, "remove_two_factor");
}
