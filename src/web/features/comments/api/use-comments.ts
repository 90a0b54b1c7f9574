import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { uploadFile } from "@/web/features/files";
import { api } from "@/web/lib/api";
import type { ApiBody, ApiOutput } from "@/web/lib/api-types";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

/** What a comment thread hangs on; ticket and project comments share one contract. */
export interface CommentTarget {
  kind: "project" | "ticket";
  /** The record's id (not a slug: the comment routes take ids). */
  id: string;
}

const pathOf = (target: CommentTarget) => (target.kind === "project" ? "/projects/:id/comments" : "/tickets/:id/comments");

/** Both comment routes answer with the same contract. */
type CommentList = ApiOutput<"get", ReturnType<typeof pathOf>>;

/** Keyed under the root the realtime events name (project-comments / ticket-comments). */
export const commentsQueryKey = (target: CommentTarget) =>
  [target.kind === "project" ? queryRoots.projectComments : queryRoots.ticketComments, target.id] as const;

/** Oldest first. Load failures are only logged (spec section 8). */
export function useComments(target: CommentTarget) {
  return useQuery({
    queryKey: commentsQueryKey(target),
    queryFn: () => loggedLoad("comments", () => api.get(pathOf(target), { param: { id: target.id } })),
  });
}

/** Where a comment's files are uploaded: under the thread's record, as the comment routes are. */
export const commentFilesUrl = (target: CommentTarget, commentId: string) =>
  `/api/${target.kind === "project" ? "projects" : "tickets"}/${target.id}/comments/${commentId}/files`;

/** Posts a comment; `attach` then uploads a file to it and refetches the thread. */
export function useAddComment(target: CommentTarget) {
  const client = useQueryClient();
  const attach = async (commentId: string, file: File) => {
    const stored = await uploadFile(commentFilesUrl(target, commentId), file);
    void client.invalidateQueries({ queryKey: commentsQueryKey(target) });
    return stored;
  };
  const mutation = useMutation({
    mutationFn: (input: ApiBody<"post", ReturnType<typeof pathOf>>) => api.create(pathOf(target), { param: { id: target.id }, json: input }),
    onSuccess: (comment) => {
      // Show it at once; the refetch then brings anything others wrote meanwhile.
      client.setQueryData<CommentList>(commentsQueryKey(target), (old) =>
        old?.some((existing) => existing.id === comment.id) ? old : [...(old ?? []), comment],
      );
      return Promise.all([
        client.invalidateQueries({ queryKey: commentsQueryKey(target) }),
        // A ticket's comment count shows in its header and in every list of it.
        target.kind === "ticket" ? client.invalidateQueries({ queryKey: [queryRoots.tickets] }) : undefined,
      ]);
    },
  });
  return { ...mutation, attach };
}
