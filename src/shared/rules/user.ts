/** Values and messages of the admin Users page's rules (ADR 020), shared by the API and the dialogs. */

export const userStatuses = ["active", "deactivated"] as const;
export type UserStatus = (typeof userStatuses)[number];
export const userStatusLabels: Record<UserStatus, string> = { active: "Active", deactivated: "Deactivated" };

export const userMessages = {
  userNotFound: "User not found",
  /** What a deactivated account reads when it signs in (auth.ts, session create hook). */
  deactivated: "This account has been deactivated. Contact your administrator if you need access again.",
  selfDeactivate: "You cannot deactivate your own account",
  selfSignOut: "Log your other devices out from your account page",
  selfDemote: "You cannot remove your own admin role; ask another admin",
  lastAdmin: "The portal must keep at least one admin",
  selfTwoFactor: "Turn off your own two-factor authentication from your account page",
  twoFactorOff: "Two-factor authentication is not on for this account",
  promoteMember: "This person belongs to a customer company. Take them out of it first: admins belong to no company.",
  adminHasNoCompany: "Admins belong to no company; only a customer can be moved",
  companyNotFound: "Company not found",
  resetDeactivated: "This account is deactivated; reactivate it before sending a reset link",
  identityNotVerified: "Confirm that you verified the person's identity out of band",
  lastOwner: "This person is the last owner of their company; name another owner there first",
} as const;
