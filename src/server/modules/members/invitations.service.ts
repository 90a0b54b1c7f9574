import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { INVITATION_VALID_DAYS, memberMessages } from "@/shared/rules/member";
import type { AcceptedInvitation, Invitation, InviteAdminInput, InviteMemberInput } from "@/shared/schemas/member";
import type { CompanyRole } from "@/shared/enums";
import type { Database } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { companies, companyUsers, invitations, profiles, userRoles } from "@/server/db/schema";
import { conflict, notFound } from "@/server/http/problem";
import { mailLocaleOf } from "@/server/mail/mail-locale";
import { auditBy, auditSourceOf } from "@/server/changes/audit-entry";
import type { ServiceContext } from "../context";
import { invitationExpiry, isPending, selectInvitations } from "./invitation-select";
import { newInvitationToken } from "./invitation-token";
import { redeemInvitation } from "./invitation-redeem";
import { checkInvitationAccess, checkTeamAccess, teamChanged } from "./team-access";

/** "Invite colleague": an owner (or an admin) invites an address to the company, by mail. */
export async function inviteMember(ctx: ServiceContext, input: { companyId: string } & Required<InviteMemberInput>): Promise<Invitation> {
  checkTeamAccess(ctx.actor, input.companyId, "create");
  const invitation = await ctx.db.transaction(async (tx) => {
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, input.companyId));
    if (!company) throw notFound("Company not found");
    const [member] = await tx
      .select({ id: companyUsers.userId })
      .from(companyUsers)
      .innerJoin(profiles, eq(profiles.id, companyUsers.userId))
      .where(and(eq(companyUsers.companyId, input.companyId), eq(profiles.email, input.email)));
    if (member) throw conflict(memberMessages.alreadyMember, [{ field: "email", message: memberMessages.alreadyMember }]);
    const inserted = await insertInvitation(ctx, tx, { email: input.email, companyId: input.companyId, companyRole: input.role, companyName: company.name });
    await ctx.record(tx, { announce: teamChanged(input.companyId) });
    return inserted;
  });
  return invitation;
}

/** "Invite admin" on the admin Team page: an address joins the provider's team. */
export async function inviteAdmin(ctx: ServiceContext, input: Required<InviteAdminInput>): Promise<Invitation> {
  checkInvitationAccess(ctx.actor, null);
  return ctx.db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: userRoles.userId })
      .from(userRoles)
      .innerJoin(profiles, eq(profiles.id, userRoles.userId))
      .where(and(eq(userRoles.role, "admin"), eq(profiles.email, input.email)));
    if (admin) throw conflict(memberMessages.alreadyAdmin, [{ field: "email", message: memberMessages.alreadyAdmin }]);
    return insertInvitation(ctx, tx, { email: input.email, companyId: null, companyRole: null, companyName: null });
  });
}

/** The admin Team page's pending invitations. */
export async function listAdminInvitations({ db, actor }: ServiceContext): Promise<Invitation[]> {
  checkInvitationAccess(actor, null);
  return selectInvitations(db, isNull(invitations.companyId));
}

/** A lost or expired invitation mailed again: a new link (the old one stops working) and a new week. */
export async function resendInvitation(ctx: ServiceContext, id: string): Promise<Invitation> {
  const pending = await pendingInvitation(ctx, id);
  const { token, tokenHash } = newInvitationToken();
  await ctx.db.transaction(async (tx) => {
    await tx.update(invitations).set({ tokenHash, expiresAt: invitationExpiry() }).where(and(eq(invitations.id, id), isPending));
    await ctx.mail.enqueue(tx, await invitationMail(ctx, tx, { email: pending.email, companyName: pending.companyName, token }));
    await ctx.record(tx, {
      audit: auditBy(ctx, { kind: "invitation.sent", companyId: pending.companyId, target: invitationTarget(id, pending.email), details: { resent: true } }),
      ...(pending.companyId ? { announce: teamChanged(pending.companyId) } : {}),
    });
  });
  const [invitation] = await selectInvitations(ctx.db, eq(invitations.id, id));
  if (!invitation) throw notFound(memberMessages.invitationNotFound);
  return invitation;
}

/** Revoked: its link no longer works. */
export async function revokeInvitation(ctx: ServiceContext, id: string): Promise<void> {
  const pending = await pendingInvitation(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx.update(invitations).set({ revokedAt: sql`now()` }).where(and(eq(invitations.id, id), isPending));
    await ctx.record(tx, {
      audit: auditBy(ctx, { kind: "invitation.revoked", companyId: pending.companyId, target: invitationTarget(id, pending.email) }),
      ...(pending.companyId ? { announce: teamChanged(pending.companyId) } : {}),
    });
  });
}

/** The signed-in user accepts a link sent to their address. */
export async function acceptInvitation(ctx: ServiceContext, token: string): Promise<AcceptedInvitation> {
  const { actor } = ctx;
  // Announced in the redemption's transaction (invitation-redeem.ts).
  return redeemInvitation(ctx, token, { id: actor.userId, email: actor.email, role: actor.role, companyId: actor.companyId }, auditSourceOf(ctx));
}

interface NewInvitation {
  email: string;
  companyId: string | null;
  companyRole: CompanyRole | null;
  companyName: string | null;
}

/**
 * Records the invitation and queues its mail in the caller's transaction. An earlier invitation of
 * the same address that ran out is revoked first (the list offers a resend; a new one is as good);
 * one still running answers 409.
 */
async function insertInvitation(ctx: ServiceContext, tx: Database, invitation: NewInvitation): Promise<Invitation> {
  const sameTarget = and(
    eq(invitations.email, invitation.email),
    invitation.companyId ? eq(invitations.companyId, invitation.companyId) : isNull(invitations.companyId),
    isPending,
  );
  await tx.update(invitations).set({ revokedAt: sql`now()` }).where(and(sameTarget, lte(invitations.expiresAt, sql`now()`)));
  const { token, tokenHash } = newInvitationToken();
  let id: string;
  try {
    [{ id }] = (await tx
      .insert(invitations)
      .values({ email: invitation.email, companyId: invitation.companyId, companyRole: invitation.companyRole, invitedBy: ctx.actor.userId, tokenHash, expiresAt: invitationExpiry() })
      .returning({ id: invitations.id })) as [{ id: string }];
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(memberMessages.alreadyInvited, [{ field: "email", message: memberMessages.alreadyInvited }]);
    throw error;
  }
  await ctx.mail.enqueue(tx, await invitationMail(ctx, tx, { ...invitation, token }));
  await ctx.record(tx, {
    audit: auditBy(ctx, { kind: "invitation.sent", companyId: invitation.companyId, target: invitationTarget(id, invitation.email), details: { role: invitation.companyRole ?? "admin" } }),
  });
  const [created] = await selectInvitations(tx, eq(invitations.id, id));
  return created!;
}

/** The invitation's id and the address it was sent to, for the audit log (never its token). */
const invitationTarget = (id: string, email: string) => ({ type: "invitation", id, label: email });

/** In the inviter's language: the invitee has no account, so no language of their own yet. */
const invitationMail = async (ctx: ServiceContext, tx: Database, { email, companyName, token }: { email: string; companyName: string | null; token: string }) =>
  ({
    template: "invitation",
    to: email,
    locale: await mailLocaleOf(tx, ctx.actor.userId),
    props: { invitedBy: ctx.actor.name, companyName, token, validForDays: INVITATION_VALID_DAYS },
  }) as const;

/** A pending invitation the caller may manage; 404 for one they may not see, 403 for a member's look. */
async function pendingInvitation(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db
    .select({ email: invitations.email, companyId: invitations.companyId, companyName: companies.name })
    .from(invitations)
    .leftJoin(companies, eq(companies.id, invitations.companyId))
    .where(and(eq(invitations.id, id), isPending));
  if (!row) throw notFound(memberMessages.invitationNotFound);
  checkInvitationAccess(ctx.actor, row.companyId);
  return row;
}
