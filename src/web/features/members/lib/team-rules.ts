import { regexes } from "zod/v4/core";
import { companyRoles, type CompanyRole, type Role } from "@/shared/enums";
import { EMAIL_MAX, INVALID_EMAIL } from "@/shared/rules/member";
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

/** "Expires Mar 4, 2025", or "Expired" once the link no longer works. */
export function expiryText(invitation: { expired: boolean; expiresAt: string }): string {
  return invitation.expired ? "Expired" : `Expires ${formatInstantDate(invitation.expiresAt)}`;
}

/**
 * What the invitation page offers, from the invitation and who is signed in (null: nobody):
 * accept it, sign out first (another account), or sign in / sign up with the invited address.
 */
export type InvitationStep = "accept" | "other-address" | "sign-in" | "sign-up";

export function invitationStep(invitation: { email: string; accountExists: boolean }, signedInEmail: string | null): InvitationStep {
  if (signedInEmail !== null) return sameAddress(signedInEmail, invitation.email) ? "accept" : "other-address";
  return invitation.accountExists ? "sign-in" : "sign-up";
}

/** Addresses are compared as the server stores them: lower case. */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Where an accepted invitation leads: a company's member to the dashboard, a new admin to /admin. */
export function homeAfterAccepting(accepted: { company: unknown }): "/dashboard" | "/admin" {
  return accepted.company === null ? "/admin" : "/dashboard";
}

export type InviteCheck = { ok: true; value: { email: string; role: CompanyRole } } | { ok: false; error: string };

/**
 * The invite form's rule, as plain checks (the Company page is in every customer's bundle, ADR 008):
 * src/shared/schemas/member.ts's `inviteMemberInputSchema` (team-rules.test.ts holds this to it), an
 * address stored in lower case. Only the address is typed; the role comes from a select.
 */
export function checkInvite(email: string, role: string): InviteCheck {
  if (!regexes.email.test(email) || email.length > EMAIL_MAX) return { ok: false, error: INVALID_EMAIL };
  return { ok: true, value: { email: email.toLowerCase(), role: companyRoles.includes(role as CompanyRole) ? (role as CompanyRole) : "member" } };
}
