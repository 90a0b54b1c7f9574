/** Limits and messages of company teams and invitations (ADR 015), shared by the API and the forms. */
export { EMAIL_MAX, INVALID_EMAIL } from "./common";

/** How long an invitation link works; a resend starts the week again with a new link. */
export const INVITATION_VALID_DAYS = 7;

/** An invitation token: 32 random bytes, base64url (43 characters). Anything else is not one. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const memberMessages = {
  alreadyMember: "This person is already a member of the company",
  alreadyInvited: "This address has already been invited; resend the invitation instead",
  alreadyAdmin: "This person is already an admin",
  lastOwner: "A company must keep at least one owner; name another owner first",
  memberNotFound: "Member not found",
  invitationNotFound: "Invitation not found",
  invitationInvalid: "This invitation is invalid, expired, revoked or already used. Ask for a new one.",
  tooManyLookups: "Too many invitation links tried from your network. Please try again later.",
  otherCompany: "You already belong to another company. Ask its owner to remove you first, or sign in with another account.",
  otherAddress: "This invitation is for another email address. Log out, then sign in or sign up with the invited address.",
  adminCannotJoin: "An admin account cannot join a customer company. Sign up with the invited address instead.",
  adminHasCompany: "This account belongs to a customer company, so it cannot become an admin. Sign up with the invited address instead.",
  signupByInvitation: "Sign-up is by invitation only. Ask your contact for an invitation.",
  role: "Role must be owner or member",
  answersQuotes: "Whether they may answer quotes must be true or false",
  readsAccessLog: "Whether they may read the access log must be true or false",
  nothingToChange: "Give a role, or whether they may answer quotes",
} as const;
