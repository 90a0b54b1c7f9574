import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Invitation } from "@/shared/schemas/member";
import { INVITATION_VALID_DAYS } from "@/shared/rules/member";
import type { Database } from "@/server/db/client";
import { invitations, profiles } from "@/server/db/schema";

/** Neither accepted nor revoked; it may have expired (the Team list says so, and offers a resend). */
export const isPending = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt))!;
/** Pending and within its week: the only state in which its link does anything. */
export const isRedeemable = and(isPending, gt(invitations.expiresAt, sql`now()`))!;

/** A week from now, for a new invitation and for each resend. */
export const invitationExpiry = () => sql`now() + make_interval(days => ${INVITATION_VALID_DAYS})`;

const inviter = alias(profiles, "inviter");

/** Pending invitations matching `where`, newest first, as the Team lists show them. */
export async function selectInvitations(db: Database, where: SQL | undefined): Promise<Invitation[]> {
  const rows = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      companyRole: invitations.companyRole,
      invitedBy: inviter.fullName,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      expired: sql<boolean>`${invitations.expiresAt} <= now()`,
    })
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(and(isPending, where))
    .orderBy(sql`${invitations.createdAt} desc`, invitations.id);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() }));
}
