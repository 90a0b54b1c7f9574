import { z } from "zod";
import { companyRoles, roles } from "../enums";
import { userMessages, userStatuses } from "../rules/user";
import { pageOf, pageQuerySchema } from "./pagination";

/** Admin Users list: search by name or email address, newest accounts first. */
export const userListQuerySchema = pageQuerySchema;
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** One account as the admin Users page shows it. */
export const userListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  company: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Their standing in `company`; null without one. */
  companyRole: z.enum(companyRoles).nullable(),
  lastSignedInAt: z.iso.datetime({ offset: true }).nullable(),
  twoFactorEnabled: z.boolean(),
  status: z.enum(userStatuses),
  deactivatedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userPageSchema = pageOf(userListItemSchema);

/** Promote to admin, or back to customer. */
export const changeUserRoleInputSchema = z.object({ role: z.enum(roles) });
export type ChangeUserRoleInput = z.infer<typeof changeUserRoleInputSchema>;

/** Move a customer to another company (as a member), or out of their company with `null`. */
export const moveUserInputSchema = z.object({ companyId: z.uuid("Not a valid id").nullable() });
export type MoveUserInput = z.infer<typeof moveUserInputSchema>;

/** Removing someone's two-factor authentication: the admin states that they checked who asked. */
export const removeTwoFactorInputSchema = z.object({
  identityVerified: z.literal(true, userMessages.identityNotVerified),
});

/** The answer to "send a password-reset mail": queued in the outbox, delivered by its worker. */
export const passwordResetSentSchema = z.object({ queued: z.literal(true), email: z.string() });
export type PasswordResetSent = z.infer<typeof passwordResetSentSchema>;
