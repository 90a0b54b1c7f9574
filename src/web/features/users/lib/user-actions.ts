import type { UserListItem } from "@/shared/schemas/user";

/** The actions of the Users page's Manage dialog, each confirmed in its own step. */
export type UserStep = "password-reset" | "sign-out" | "deactivate" | "reactivate" | "promote" | "demote" | "move" | "remove-two-factor";

/**
 * Which actions the dialog offers for an account: only those the server would accept (ADR 020),
 * which refuses the rest itself whatever a client sends. `self`: the account is the caller's own.
 */
export function stepsFor(user: Pick<UserListItem, "status" | "role" | "twoFactorEnabled">, self: boolean): UserStep[] {
  const shown: UserStep[] = [];
  // A deactivated account cannot sign in: a reset link would only confuse.
  if (user.status === "active") shown.push("password-reset");
  // A deactivated account has no session left; one's own devices are signed out on the account page.
  if (user.status === "active" && !self) shown.push("sign-out");
  if (!self) shown.push(user.status === "active" ? "deactivate" : "reactivate");
  // Admins belong to no company: only a customer is promoted or moved.
  if (user.role === "customer") shown.push("promote", "move");
  else if (!self) shown.push("demote");
  // One's own second factor is turned off on the account page, with the password.
  if (user.twoFactorEnabled && !self) shown.push("remove-two-factor");
  return shown;
}
