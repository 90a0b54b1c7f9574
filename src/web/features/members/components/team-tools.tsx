/*
 * What only those who manage a team (a company's owners, admins) use: loaded on demand by
 * lazy-team-tools.tsx, so a plain member's Company page never downloads it (ADR 008 budgets).
 */
export { InvitationActions } from "./invitation-actions";
export { InviteMemberDialog } from "./invite-member-dialog";
export { MemberActions } from "./member-actions";
