import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Comment, CreateCommentInput } from "@/shared/schemas/comment";
import { apiGet, apiPost } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

/** What a comment thread hangs on; ticket and project comments share one contract. */
export interface CommentTarget {
  kind: "project" | "ticket";
  /** The record's id (not a slug: the comment routes take ids). */
  id: string;
}

const pathOf = (target: CommentTarget) => `/${target.kind === "project" ? "projects" : "tickets"}/${target.id}/comments`;

/** Keyed under the root the realtime events name (project-comments / ticket-comments). */
export const commentsQueryKey = (target: CommentTarget) =>
  [target.kind === "project" ? queryRoots.projectComments : queryRoots.ticketComments, target.id] as const;

/** Oldest first. Load failures are only logged (spec section 8). */
export function useComments(target: CommentTarget) {
  return useQuery({
    queryKey: commentsQueryKey(target),
    queryFn: () => loggedLoad("comments", () => apiGet<Comment[]>(pathOf(target))),
  });
}

export function useAddComment(target: CommentTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCommentInput) => apiPost<Comment>(pathOf(target), input),
    onSuccess: (comment) => {
      // Show it at once; the refetch then brings anything others wrote meanwhile.
      client.setQueryData<Comment[]>(commentsQueryKey(target), (old) =>
        old?.some((existing) => existing.id === comment.id) ? old : [...(old ?? []), comment],
      );
      return client.invalidateQueries({ queryKey: commentsQueryKey(target) });
    },
  });
}
