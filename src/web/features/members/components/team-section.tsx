import { Trans, useLingui } from "@lingui/react/macro";
import { formatInstantDate } from "@/shared/format";
import type { Invitation, Member } from "@/shared/schemas/member";
import { TitledCard } from "@/web/components/ui/card";
import { Badge } from "@/web/components/ui/badge";
import { QueryStates } from "@/web/components/layout/record-states";
import { ActionsHead, Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";
import { isNotFound } from "@/web/lib/api";
import { companyRoleMessages } from "@/web/lib/i18n/labels";
import { useMe } from "@/web/lib/session";
import { useCompanyTeam } from "../api/use-company-team";
import { canManageTeam, defaultInviteRole, expiryText } from "../lib/team-rules";
import { InvitationActions, InviteMemberDialog, MemberActions, TeamTool } from "./lazy-team-tools";

/**
 * A company's team, for its members and for admins: who belongs to it and who is invited. Owners
 * and admins also invite, change roles, remove, resend and revoke; members only see the lists.
 */
export function TeamSection({ companyId }: { companyId: string }) {
  const me = useMe().data;
  const team = useCompanyTeam(companyId);
  const canManage = me ? canManageTeam(me, companyId) : false;
  const { t } = useLingui();

  // Removed from the company a moment ago: its team is no longer the caller's to see, and the
  // page is about to drop this section (the company profile refetches as none).
  if (isNotFound(team.error)) return null;

  return (
    <section aria-label={t`Team`}>
      <TitledCard
        title={t`Team`}
        actions={
          canManage && team.data ? (
            <TeamTool>
              <InviteMemberDialog companyId={companyId} defaultRole={defaultInviteRole(team.data.members.length)} />
            </TeamTool>
          ) : null
        }
        contentClassName="space-y-6"
      >
        <QueryStates query={team} loadError={t`Could not load the team.`} loading={t`Loading the team`}>
          {({ members, invitations }) => (
            <>
              <section aria-labelledby="team-members" className="space-y-2">
                <h3 id="team-members" className="text-sm font-semibold">
                  <Trans>Members</Trans>
                </h3>
                <MemberTable companyId={companyId} members={members} canManage={canManage} />
              </section>
              <section aria-labelledby="team-invitations" className="space-y-2">
                <h3 id="team-invitations" className="text-sm font-semibold">
                  <Trans>Pending invitations</Trans>
                </h3>
                <InvitationList invitations={invitations} canManage={canManage} label={t`Pending invitations`} />
              </section>
            </>
          )}
        </QueryStates>
      </TitledCard>
    </section>
  );
}

function MemberTable({ companyId, members, canManage }: { companyId: string; members: Member[]; canManage: boolean }) {
  const { t, i18n } = useLingui();
  if (members.length === 0)
    return (
      <p className="py-2 text-sm text-muted-foreground">
        <Trans>No members yet. Invite the first contact; they become the company's owner.</Trans>
      </p>
    );
  return (
    <Table aria-label={t`Members`}>
      <TableHeadings names={[t`Name`, t`Email`, t`Role`, t`Joined`]}>
        <ActionsHead shown={canManage} />
      </TableHeadings>
      <TableBody>
        {members.map((member) => (
          <TableRow key={member.userId}>
            <TableCell className="font-medium">{member.name}</TableCell>
            <TableCell className="break-all">{member.email}</TableCell>
            <TableCell>
              <Badge tone={member.role === "owner" ? "blue" : "neutral"}>{i18n._(companyRoleMessages[member.role])}</Badge>
              {member.role === "member" && member.answersQuotes ? (
                <span className="ml-2 text-xs text-muted-foreground">
                  <Trans>answers quotes</Trans>
                </span>
              ) : null}
            </TableCell>
            <TableCell>{formatInstantDate(member.joinedAt)}</TableCell>
            {canManage ? (
              <TableCell>
                <TeamTool>
                  <MemberActions companyId={companyId} member={member} />
                </TeamTool>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

interface InvitationListProps {
  invitations: Invitation[];
  /** Resend and Revoke, for whoever may manage the team. */
  canManage: boolean;
  /** The invitations' accessible name: "Pending invitations". */
  label: string;
}

/** Pending invitations: the address, the role offered, when the link expires, and what may be done about it. */
export function InvitationList({ invitations, canManage, label }: InvitationListProps) {
  const { t } = useLingui();
  if (invitations.length === 0)
    return (
      <p className="py-2 text-sm text-muted-foreground">
        <Trans>No pending invitations</Trans>
      </p>
    );
  return (
    <Table aria-label={label}>
      <TableHeadings names={[t`Email`, t`Role`, t`Link`]}>
        <ActionsHead shown={canManage} />
      </TableHeadings>
      <TableBody>
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} canManage={canManage} />
        ))}
      </TableBody>
    </Table>
  );
}

function InvitationRow({ invitation, canManage }: { invitation: Invitation; canManage: boolean }) {
  const { t, i18n } = useLingui();
  const invitedBy = invitation.invitedBy;
  return (
    <TableRow>
      <TableCell className="font-medium break-all">
        {invitation.email}
        {invitedBy ? (
          <span className="block text-xs font-normal text-muted-foreground">
            <Trans>Invited by {invitedBy}</Trans>
          </span>
        ) : null}
      </TableCell>
      <TableCell>{invitation.companyRole ? i18n._(companyRoleMessages[invitation.companyRole]) : t`Admin`}</TableCell>
      <TableCell>{invitation.expired ? <Badge tone="red">{expiryText(invitation)}</Badge> : expiryText(invitation)}</TableCell>
      {canManage ? (
        <TableCell>
          <TeamTool>
            <InvitationActions invitation={invitation} />
          </TeamTool>
        </TableCell>
      ) : null}
    </TableRow>
  );
}
