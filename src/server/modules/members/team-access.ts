import { can } from "@/shared/policies";
import { memberMessages } from "@/shared/rules/member";
import type { PorticoEvent } from "@/shared/schemas/event";
import type { Actor } from "@/server/actor";
import { forbidden, notFound } from "@/server/http/problem";

/**
 * Who may see and change a company's team (ADR 015): its members see it, its owners and admins
 * change it. Another company's team answers exactly like a missing one (D11), so nobody learns
 * which ids exist; a member who may only look gets 403.
 */
export function checkTeamAccess(actor: Actor, companyId: string, action: "read" | "create" | "update", missing = "Company not found"): void {
  const team = { type: "member" as const, companyId };
  if (!can(actor, "read", team)) throw notFound(missing);
  if (action !== "read" && !can(actor, action, team)) throw forbidden("Only the company's owners can change its team");
}

/** An invitation to the provider's team is the admins' alone; to a company, as checkTeamAccess says. */
export function checkInvitationAccess(actor: Actor, companyId: string | null): void {
  if (companyId) return checkTeamAccess(actor, companyId, "update", memberMessages.invitationNotFound);
  if (!can(actor, "read", "team")) throw notFound(memberMessages.invitationNotFound);
}

/** What tells the company's open screens (its members' and the admins') that its team changed: a change's `announce` (ADR 038, 040). */
export const teamChanged = (companyId: string): PorticoEvent => ({ kind: "company", companyId, id: companyId });
