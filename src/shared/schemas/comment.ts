import { z } from "zod";
import { storable } from "./text";
import { COMMENT_MAX, commentMessages } from "../rules/comment";
import { attachmentsShape } from "./file";
import { instantSchema, personSchema } from "./records";

/** Ticket and project comments share one contract. */
export const createCommentInputSchema = z.object({
  content: storable(z.string().trim().min(1, commentMessages.empty).max(COMMENT_MAX, commentMessages.tooLong)),
});
export type CreateCommentInput = z.infer<typeof createCommentInputSchema>;

/** A ticket's comment may be an internal note (the team's only: 403 for anyone else). */
export const createTicketCommentInputSchema = createCommentInputSchema.extend({
  internal: z.boolean().optional(),
});
export type CreateTicketCommentInput = z.infer<typeof createTicketCommentInputSchema>;

export const commentSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  createdAt: instantSchema,
  author: personSchema.nullable(),
  /** Written by a member of the provider's team (an admin): the thread marks their replies "Team". */
  byTeam: z.boolean(),
  /**
   * A note the team keeps to itself on a ticket: only admins ever get one, so a customer's answer
   * always says false. A project's comments never are.
   */
  internal: z.boolean(),
  /** Files attached to the comment, oldest first (its author or an admin attaches them). */
  ...attachmentsShape,
});
export type Comment = z.infer<typeof commentSchema>;
