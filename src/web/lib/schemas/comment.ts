/** zod/mini mirror of createCommentInputSchema in src/shared/schemas/comment.ts (schemas.parity.test.ts). */
import { z } from "./zod";

export const createCommentInputSchema = z.object({
  content: z.string().check(z.trim(), z.minLength(1, "Comment cannot be empty"), z.maxLength(10_000, "Comment is too long")),
});
