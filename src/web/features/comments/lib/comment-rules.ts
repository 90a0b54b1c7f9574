import { COMMENT_MAX, commentMessages } from "@/shared/rules/comment";
import type { CreateCommentInput } from "@/shared/schemas/comment";
import { requiredTextFailure } from "@/web/lib/text-rules";
import { collect, type Checked } from "@/web/lib/use-checked-form";

/**
 * The comment box's rule (src/shared/schemas/comment.ts's `createCommentInputSchema`) as a plain
 * check, held to the server's schema by comment-rules.test.ts: same verdict, message and output.
 */
export function checkComment(input: { content: string }): Checked<"content", CreateCommentInput> {
  const content = input.content.trim();
  return collect({ content: requiredTextFailure(content, commentMessages.empty, COMMENT_MAX, commentMessages.tooLong) }, { content });
}
