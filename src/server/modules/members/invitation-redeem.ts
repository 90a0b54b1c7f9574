import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Role } from "@/shared/enums";
import { memberMessages } from "@/shared/rules/member";
import type { AcceptedInvitation, InvitationPreview } from "@/shared/schemas/member";
import type { ChangeRecorder, MemberJoined } from "@/server/changes/change";
import type { Database } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { countInWindow } from "@/server/db/rate-counter";
import { companies, companyUsers, invitations, profiles, userRoles } from "@/server/db/schema";
import { badRequest, conflict, tooManyRequests } from "@/server/http/problem";
import type { AuditSource } from "@/server/changes/audit-entry";
import type { AuditEntry } from "@/server/changes/change";
import { hashInvitationToken } from "./invitation-token";
import { isRedeemable } from "./invitation-select";
import { teamChanged } from "./team-access";

/*
 * What an invitation link does, for whoever holds it: the preview (public) and the redemption,
 * which the accept route (a signed-in user) and the sign-up with an invitation (a user made a
 * moment ago) share. These take the database rather than a ServiceContext: the link's holder is
 * who the token says, not yet an actor of the company (ADR 015).
 */

/** What a redemption writes with: the database, and the recorder of the change it makes (ADR 040). */
export interface RedeemDeps {
  db: Database;
  record: ChangeRecorder;
}

/** The user redeeming a link, as far as redeeming needs to know. */
export interface Redeemer {
  id: string;
  email: string;
  role: Role;
  companyId: string | null;
}

const invalidLink = () => badRequest(memberMessages.invitationInvalid, [{ field: "token", message: memberMessages.invitationInvalid }]);

/** Guessing links: 30 lookups per client address per 10 minutes, all processes together. */
const LOOKUPS_PER_WINDOW = 30;
const LOOKUP_WINDOW_MS = 10 * 60_000;

/** Counts a use of an invitation token from `clientIp`; refuses once the window's allowance is spent. */
export async function limitInvitationLookups(db: Database, clientIp: string): Promise<void> {
  const { count, resetsInMs } = await countInWindow(db, `invitation-lookup:${clientIp}`, LOOKUP_WINDOW_MS);
  if (count > LOOKUPS_PER_WINDOW) throw tooManyRequests(memberMessages.tooManyLookups, Math.ceil(resetsInMs / 1000));
}

const inviter = alias(profiles, "inviter");

/** Who is invited where, before anyone accepts. An unusable link is a 400 naming `token`. */
export async function previewInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const [row] = await db
    .select({
      email: invitations.email,
      companyId: companies.id,
      companyName: companies.name,
      companyRole: invitations.companyRole,
      invitedBy: inviter.fullName,
      expiresAt: invitations.expiresAt,
      accountExists: sql<boolean>`exists (select 1 from ${profiles} where ${profiles.email} = ${invitations.email})`,
    })
    .from(invitations)
    .leftJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(and(eq(invitations.tokenHash, hashInvitationToken(token)), isRedeemable));
  if (!row) throw invalidLink();
  const { companyId, companyName, expiresAt, ...rest } = row;
  return { ...rest, company: companyId && companyName ? { id: companyId, name: companyName } : null, expiresAt: expiresAt.toISOString() };
}

/**
 * Redeems the link for `user`: joins the company with the invited role, or for an invitation to
 * the provider's team makes them an admin (which ends their sessions: `signInAgain`). Checked and
 * claimed under a row lock, so a link works once however many tabs open it. Refusals change nothing.
 * The acceptance is recorded in the audit log (ADR 027) by `source`, in the same transaction, as
 * one change with the member who joined (ADR 040).
 */
export async function redeemInvitation({ db, record }: RedeemDeps, token: string, user: Redeemer, source: AuditSource): Promise<AcceptedInvitation> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.tokenHash, hashInvitationToken(token)), isRedeemable))
      .for("update");
    if (!invitation) throw invalidLink();
    if (invitation.email !== user.email.toLowerCase()) throw conflict(memberMessages.otherAddress);
    const accepted: AuditEntry = {
      ...source,
      kind: "invitation.accepted",
      companyId: invitation.companyId,
      target: { type: "invitation", id: invitation.id, label: invitation.email },
      details: { role: invitation.companyRole ?? "admin" },
    };
    const markAccepted = () => tx.update(invitations).set({ acceptedAt: sql`now()`, acceptedBy: user.id }).where(eq(invitations.id, invitation.id));

    if (!invitation.companyId) {
      if (user.companyId) throw conflict(memberMessages.adminHasCompany);
      await markAccepted();
      await record(tx, { audit: accepted });
      if (user.role === "admin") return { company: null, signInAgain: false };
      // A role change ends every session of the user (drizzle/0007): they sign in again as an admin.
      await tx.insert(userRoles).values({ userId: user.id, role: "admin" });
      return { company: null, signInAgain: true };
    }

    if (user.role === "admin") throw conflict(memberMessages.adminCannotJoin);
    if (user.companyId && user.companyId !== invitation.companyId) throw conflict(memberMessages.otherCompany);
    const [company] = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, invitation.companyId));
    let joined: MemberJoined | undefined;
    if (!user.companyId) {
      try {
        await tx.insert(companyUsers).values({ userId: user.id, companyId: invitation.companyId, role: invitation.companyRole ?? "member" });
      } catch (error) {
        // They joined a company in the meantime (another tab, another invitation).
        if (isUniqueViolation(error)) throw conflict(memberMessages.otherCompany);
        throw error;
      }
      const [profile] = await tx.select({ name: profiles.fullName }).from(profiles).where(eq(profiles.id, user.id));
      joined = { companyId: invitation.companyId, userId: user.id, name: profile?.name ?? null, email: user.email };
    }
    await markAccepted();
    await record(tx, { ...(joined && { memberJoined: joined }), audit: accepted, ...(company && { announce: teamChanged(company.id) }) });
    return { company: company ?? null, signInAgain: false };
  });
}
