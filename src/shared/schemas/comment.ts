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

export const commentSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  createdAt: instantSchema,
  author: personSchema.nullable(),
  /** Written by a member of the provider's team (an admin): the thread marks their replies "Team". */
  byTeam: z.boolean(),
  /** Files attached to the comment, oldest first (its author or an admin attaches them). */
  ...attachmentsShape,
});
export type Comment = z.infer<typeof commentSchema>;
