import { useLingui } from "@lingui/react/macro";
import type { CompanyRole } from "@/shared/enums";
import { useInviteMember } from "../api/use-team-changes";
import { InviteDialog } from "./invite-dialog";

/** "Invite colleague": an address and a role, for the company's owners and for admins. */
export function InviteMemberDialog({ companyId, defaultRole }: { companyId: string; defaultRole: CompanyRole }) {
  const invite = useInviteMember(companyId);
  const { t } = useLingui();
  return <InviteDialog title={t`Invite colleague`} idPrefix="invite-member" defaultRole={defaultRole} invite={(input) => invite.mutateAsync(input)} />;
}
