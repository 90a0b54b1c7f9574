/** Limits and messages of the comment box, shared by src/shared/schemas/comment.ts and the web's zod/mini copy. */
export const COMMENT_MAX = 10_000;

export const commentMessages = {
  empty: "Comment cannot be empty",
  tooLong: "Comment is too long",
} as const;
