import { companyRoleLabels } from "@/shared/enums";
import { formatInstantDate } from "@/shared/format";
import type { Member } from "@/shared/schemas/member";
import { TitledCard } from "@/web/components/ui/card";
import { Badge } from "@/web/components/ui/badge";
import { LoadError } from "@/web/components/ui/load-error";
import { Spinner } from "@/web/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/web/components/ui/table";
import { isNotFound } from "@/web/lib/api";
import { useMe } from "@/web/lib/session";
import { useCompanyTeam, useInviteMember } from "../api/use-company-team";
import { canManageTeam, defaultInviteRole } from "../lib/team-rules";
import { InvitationList } from "./invitation-list";
import { InviteDialog, MemberActions, TeamTool } from "./lazy-team-tools";

/**
 * A company's team, for its members and for admins: who belongs to it and who is invited. Owners
 * and admins also invite, change roles, remove, resend and revoke; members only see the lists.
 */
export function TeamSection({ companyId }: { companyId: string }) {
  const me = useMe().data;
  const team = useCompanyTeam(companyId);
  const invite = useInviteMember(companyId);
  const canManage = me ? canManageTeam(me, companyId) : false;

  // Removed from the company a moment ago: its team is no longer the caller's to see, and the
  // page is about to drop this section (the company profile refetches as none).
  if (isNotFound(team.error)) return null;

  return (
    <section aria-label="Team">
      <TitledCard
        title="Team"
        actions={
          canManage && team.data ? (
            <TeamTool>
              <InviteDialog
                title="Invite colleague"
                idPrefix="invite-member"
                defaultRole={defaultInviteRole(team.data.members.length)}
                invite={(input) => invite.mutateAsync(input)}
              />
            </TeamTool>
          ) : null
        }
        contentClassName="space-y-6"
      >
        {team.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading the team" />
          </div>
        ) : team.isError ? (
          <LoadError message="Could not load the team." onRetry={() => void team.refetch()} />
        ) : (
          <>
            <section aria-labelledby="team-members" className="space-y-2">
              <h3 id="team-members" className="text-sm font-semibold">
                Members
              </h3>
              <MemberTable companyId={companyId} members={team.data.members} canManage={canManage} />
            </section>
            <section aria-labelledby="team-invitations" className="space-y-2">
              <h3 id="team-invitations" className="text-sm font-semibold">
                Pending invitations
              </h3>
              <InvitationList invitations={team.data.invitations} canManage={canManage} label="Pending invitations" />
            </section>
          </>
        )}
      </TitledCard>
    </section>
  );
}

function MemberTable({ companyId, members, canManage }: { companyId: string; members: Member[]; canManage: boolean }) {
  if (members.length === 0) return <p className="py-2 text-sm text-muted-foreground">No members yet. Invite the first contact; they become the company's owner.</p>;
  return (
    <Table aria-label="Members">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Joined</TableHead>
          {canManage ? (
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((member) => (
          <TableRow key={member.userId}>
            <TableCell className="font-medium">{member.name}</TableCell>
            <TableCell className="break-all">{member.email}</TableCell>
            <TableCell>
              <Badge tone={member.role === "owner" ? "blue" : "neutral"}>{companyRoleLabels[member.role]}</Badge>
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
