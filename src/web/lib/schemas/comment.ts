/** zod/mini mirror of createCommentInputSchema in src/shared/schemas/comment.ts (schemas.parity.test.ts). */
import { COMMENT_MAX, commentMessages } from "@/shared/rules/comment";
import { z } from "./zod";

export const createCommentInputSchema = z.object({
  content: z.string().check(z.trim(), z.minLength(1, commentMessages.empty), z.maxLength(COMMENT_MAX, commentMessages.tooLong)),
});
