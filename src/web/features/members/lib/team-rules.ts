import { t } from "@lingui/core/macro";
import type { CompanyRole, Role } from "@/shared/enums";
import { formatInstantDate } from "@/shared/format";
import { can } from "@/shared/policies";

/**
 * Who sees a company's team actions (invite, change role, remove, resend, revoke): an admin, or an
 * owner of that company, by the rule the server applies (src/shared/policies.ts). This only hides
 * what the server would refuse.
 */
export function canManageTeam(caller: { role: Role; company: { id: string; role?: CompanyRole } | null }, companyId: string): boolean {
  const actor = { role: caller.role, companyId: caller.company?.id ?? null, companyRole: caller.company?.role ?? null };
  return can(actor, "update", { type: "member", companyId });
}

/**
 * The role an invitation starts with: a company without members gets its first contact as owner
 * (the provider's admin invites them), otherwise a colleague joins as member.
 */
export function defaultInviteRole(memberCount: number): CompanyRole {
  return memberCount === 0 ? "owner" : "member";
}

/** "Expires Mar 4, 2025", or "Expired" once the link no longer works; in the active language (called at render). */
export function expiryText(invitation: { expired: boolean; expiresAt: string }): string {
  if (invitation.expired) return t`Expired`;
  const expires = formatInstantDate(invitation.expiresAt);
  return t`Expires ${expires}`;
}
