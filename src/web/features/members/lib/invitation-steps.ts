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
