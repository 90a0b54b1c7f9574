import { regexes } from "zod/v4/core";
import { companyRoles, type CompanyRole } from "@/shared/enums";
import { EMAIL_MAX, INVALID_EMAIL } from "@/shared/rules/member";

export type InviteCheck = { ok: true; value: { email: string; role: CompanyRole } } | { ok: false; error: string };

/**
 * The invite form's rule, as plain checks (no zod in the browser's forms where a plain check does, ADR 008):
 * src/shared/schemas/member.ts's `inviteMemberInputSchema` (team-rules.test.ts holds this to it), an
 * address stored in lower case. Only the address is typed; the role comes from a select.
 */
export function checkInvite(email: string, role: string): InviteCheck {
  if (!regexes.email.test(email) || email.length > EMAIL_MAX) return { ok: false, error: INVALID_EMAIL };
  return { ok: true, value: { email: email.toLowerCase(), role: companyRoles.includes(role as CompanyRole) ? (role as CompanyRole) : "member" } };
}
