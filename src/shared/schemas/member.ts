import { z } from "zod";
import { companyRoles } from "../enums";
import { EMAIL_MAX, INVALID_EMAIL, INVITATION_TOKEN_PATTERN, memberMessages } from "../rules/member";
import { emailAddress } from "./email";

/** A member of a company as its Team section shows them (ADR 015). */
export const memberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(companyRoles),
  /** Whether an owner allowed this member to accept or decline quotes (ADR 049); owners always may. */
  answersQuotes: z.boolean(),
  /** Whether an owner allowed this member to read the company's access log (ADR 050); owners always may. */
  readsAccessLog: z.boolean(),
  joinedAt: z.iso.datetime({ offset: true }),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * A pending invitation: one to a company (`companyRole` set) or to the provider's team (an admin
 * invitation, `companyRole` null). Expired ones are listed until revoked or resent.
 */
export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  companyRole: z.enum(companyRoles).nullable(),
  invitedBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** A company's team: its members (owners first, then by name) and its pending invitations (newest first). */
export const companyTeamSchema = z.object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) });
export type CompanyTeam = z.infer<typeof companyTeamSchema>;

const invitedEmail = emailAddress(INVALID_EMAIL)
  .max(EMAIL_MAX, INVALID_EMAIL)
  .transform((email) => email.toLowerCase());

/** "Invite colleague": who, and as what. */
export const inviteMemberInputSchema = z.object({ email: invitedEmail, role: z.enum(companyRoles).default("member") });
export type InviteMemberInput = z.input<typeof inviteMemberInputSchema>;

/** "Invite admin" on the admin Team page. */
export const inviteAdminInputSchema = z.object({ email: invitedEmail });
export type InviteAdminInput = z.input<typeof inviteAdminInputSchema>;

/** Make someone owner, or back to member; allow a member to answer quotes or to read the access log, or no longer (at least one of these). */
export const changeMemberInputSchema = z
  .object({
    role: z.enum(companyRoles, memberMessages.role).optional(),
    answersQuotes: z.boolean(memberMessages.answersQuotes).optional(),
    readsAccessLog: z.boolean(memberMessages.readsAccessLog).optional(),
  })
  .refine((input) => input.role !== undefined || input.answersQuotes !== undefined || input.readsAccessLog !== undefined, { message: memberMessages.nothingToChange, path: ["role"] })
  .meta({ minProperties: 1 });
export type ChangeMemberInput = z.infer<typeof changeMemberInputSchema>;

/** The token from an invitation link. */
export const invitationTokenSchema = z.string(memberMessages.invitationInvalid).regex(INVITATION_TOKEN_PATTERN, memberMessages.invitationInvalid);
export const invitationTokenInputSchema = z.object({ token: invitationTokenSchema });

/**
 * What the invitation page shows before anyone accepts: who is invited where, and whether that
 * address has an account already (sign in) or not (sign up with the address fixed). Only the
 * holder of the link learns this.
 */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  /** The company joined, or null for an invitation to the provider's team. */
  company: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  companyRole: z.enum(companyRoles).nullable(),
  invitedBy: z.string().nullable(),
  accountExists: z.boolean(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** What accepting did. An admin invitation ends the account's sessions (a role change does): sign in again. */
export const acceptedInvitationSchema = z.object({
  company: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  signInAgain: z.boolean(),
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** Public: whether the Sign Up tab signs anyone up or points to invitations. */
export const signupPolicySchema = z.object({ mode: z.enum(["open", "invite"]) });
