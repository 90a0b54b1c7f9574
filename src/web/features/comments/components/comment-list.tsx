import { displayName, formatDateTime } from "@/shared/format";
import type { Comment } from "@/shared/schemas/comment";
import { AttachmentList } from "@/web/features/files";
import { commentsQueryKey, type CommentTarget } from "../api/use-comments";

const authorName = (comment: Comment) => (comment.author ? displayName(comment.author) : "Deleted user");

/** Comments oldest first: author (name, otherwise email), time, content and attached files. */
export function CommentList({ comments, target }: { comments: Comment[]; target: CommentTarget }) {
  if (comments.length === 0) {
    return <p className="py-4 text-center text-sm text-muted-foreground">No comments yet</p>;
  }
  return (
    <ol className="space-y-3" aria-label="Comments">
      {comments.map((comment) => (
        <li key={comment.id} className="rounded-md border border-border p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-sm font-medium">{authorName(comment)}</span>
            <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
              {formatDateTime(comment.createdAt)}
            </time>
          </div>
          <p className="mt-2 text-sm break-words whitespace-pre-wrap">{comment.content}</p>
          <AttachmentList files={comment.attachments} owner={commentsQueryKey(target)} />
        </li>
      ))}
    </ol>
  );
}
