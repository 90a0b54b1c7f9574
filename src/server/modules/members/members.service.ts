import { and, asc, count, eq, sql } from "drizzle-orm";
import { memberMessages } from "@/shared/rules/member";
import type { ChangeMemberInput, CompanyTeam, Member } from "@/shared/schemas/member";
import type { Database } from "@/server/db/client";
import { companies, companyUsers, invitations, profiles } from "@/server/db/schema";
import { conflict, notFound } from "@/server/http/problem";
import { auditBy } from "@/server/changes/audit-entry";
import type { ServiceContext } from "../context";
import { selectInvitations } from "./invitation-select";
import { checkTeamAccess, teamChanged } from "./team-access";

const memberColumns = {
  userId: companyUsers.userId,
  name: profiles.fullName,
  email: profiles.email,
  role: companyUsers.role,
  answersQuotes: companyUsers.answersQuotes,
  readsAccessLog: companyUsers.readsAccessLog,
  joinedAt: companyUsers.createdAt,
};

const toMember = (row: Omit<Member, "joinedAt"> & { joinedAt: Date }): Member => ({ ...row, joinedAt: row.joinedAt.toISOString() });

/** A company's Team section: members (owners first, then by name) and pending invitations. */
export async function readCompanyTeam({ db, actor }: ServiceContext, companyId: string): Promise<CompanyTeam> {
  checkTeamAccess(actor, companyId, "read");
  await requireCompany(db, companyId, { forUpdate: false });
  const [members, pending] = await Promise.all([
    db
      .select(memberColumns)
      .from(companyUsers)
      .innerJoin(profiles, eq(profiles.id, companyUsers.userId))
      .where(eq(companyUsers.companyId, companyId))
      .orderBy(sql`${companyUsers.role} = 'owner' desc`, sql`lower(${profiles.fullName})`, asc(profiles.email)),
    selectInvitations(db, eq(invitations.companyId, companyId)),
  ]);
  return { members: members.map(toMember), invitations: pending };
}

/**
 * Make someone owner, or back to member (the company keeps at least one owner); allow a member to
 * answer the company's quotes (ADR 049) or to read its access log (ADR 050), or no longer. Each grant or revocation is audited.
 */
export async function changeMember(ctx: ServiceContext, input: { companyId: string; userId: string; changes: ChangeMemberInput }): Promise<Member> {
  checkTeamAccess(ctx.actor, input.companyId, "update");
  const member = await ctx.db.transaction(async (tx) => {
    await requireCompany(tx, input.companyId, { forUpdate: true });
    const current = await memberOf(tx, input);
    const role = input.changes.role ?? current.role;
    const answersQuotes = input.changes.answersQuotes ?? current.answersQuotes;
    const readsAccessLog = input.changes.readsAccessLog ?? current.readsAccessLog;
    if (current.role === "owner" && role !== "owner") await refuseIfLastOwner(tx, input.companyId);
    await tx.update(companyUsers).set({ role, answersQuotes, readsAccessLog }).where(eq(companyUsers.userId, input.userId));
    const target = { type: "user", id: current.userId, label: current.email };
    const grant = (granted: boolean, details: Record<string, string>) =>
      auditBy(ctx, { kind: granted ? "user.role_granted" : "user.role_revoked", companyId: input.companyId, target, details });
    // Ownership is the company role that grants something (the team's management), so it is what is granted or revoked.
    const audit = [
      ...(current.role !== role ? [grant(role === "owner", { role: "owner" })] : []),
      ...(current.answersQuotes !== answersQuotes ? [grant(answersQuotes, { permission: "answersQuotes" })] : []),
      ...(current.readsAccessLog !== readsAccessLog ? [grant(readsAccessLog, { permission: "readsAccessLog" })] : []),
    ];
    await ctx.record(tx, { audit, announce: teamChanged(input.companyId) });
    return { ...current, role, answersQuotes, readsAccessLog };
  });
  ctx.forgetActor(input.userId);
  return member;
}

/** Takes a member out of the company: their next request, and their open event stream, no longer see it. */
export async function removeMember(ctx: ServiceContext, input: { companyId: string; userId: string }): Promise<void> {
  checkTeamAccess(ctx.actor, input.companyId, "update");
  await ctx.db.transaction(async (tx) => {
    await requireCompany(tx, input.companyId, { forUpdate: true });
    const current = await memberOf(tx, input);
    if (current.role === "owner") await refuseIfLastOwner(tx, input.companyId, { unlessAlone: true });
    await tx.delete(companyUsers).where(eq(companyUsers.userId, input.userId));
    await ctx.record(tx, {
      audit: auditBy(ctx, { kind: "member.removed", companyId: input.companyId, target: { type: "user", id: current.userId, label: current.email }, details: { role: current.role } }),
      announce: teamChanged(input.companyId),
    });
  });
  ctx.forgetActor(input.userId);
}

/**
 * 404 unless the company exists. `forUpdate` locks its row for the transaction, so two owners
 * demoting each other at once cannot leave the company without one.
 */
async function requireCompany(db: Database, companyId: string, { forUpdate }: { forUpdate: boolean }): Promise<void> {
  const query = db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("Company not found");
}

async function memberOf(db: Database, { companyId, userId }: { companyId: string; userId: string }): Promise<Member> {
  const [row] = await db
    .select(memberColumns)
    .from(companyUsers)
    .innerJoin(profiles, eq(profiles.id, companyUsers.userId))
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
  if (!row) throw notFound(memberMessages.memberNotFound);
  return toMember(row);
}

/** 409 when the company has no other owner; `unlessAlone`: leaving an empty company is allowed. */
async function refuseIfLastOwner(db: Database, companyId: string, { unlessAlone = false } = {}): Promise<void> {
  const [row] = await db
    .select({ owners: count(sql`case when ${companyUsers.role} = 'owner' then 1 end`), members: count() })
    .from(companyUsers)
    .where(eq(companyUsers.companyId, companyId));
  const { owners = 0, members = 0 } = row ?? {};
  if (owners > 1 || (unlessAlone && members === 1)) return;
  throw conflict(memberMessages.lastOwner);
}
