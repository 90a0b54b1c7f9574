import { Trans, useLingui } from "@lingui/react/macro";
import { displayName, formatDateTime } from "@/shared/format";
import type { ActivityEntry } from "@/shared/schemas/activity";
import type { Comment } from "@/shared/schemas/comment";
import { HistoryLine } from "@/web/features/activity";
import { AttachmentList } from "@/web/features/files";
import { Avatar } from "@/web/components/ui/avatar";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/cn";
import { commentsQueryKey, type CommentTarget } from "../api/use-comments";

/** How an internal note looks, in the thread and in the box that writes one: nobody mistakes it for a reply. */
export const internalNoteTint = "border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40";

type TimelineItem = { at: string; comment: Comment } | { at: string; entry: ActivityEntry };

/** Comments and history lines in the order they happened (ISO instants sort as text). */
function interleave(comments: Comment[], history: ActivityEntry[]): TimelineItem[] {
  const items: TimelineItem[] = [...comments.map((comment) => ({ at: comment.createdAt, comment })), ...history.map((entry) => ({ at: entry.at, entry }))];
  return items.sort((x, y) => Date.parse(x.at) - Date.parse(y.at));
}

interface CommentListProps {
  comments: Comment[];
  /** The record's history, oldest first, without its "commented" lines (the comments show themselves). */
  history: ActivityEntry[];
  currency: string;
  target: CommentTarget;
}

/**
 * The record's timeline, oldest first: each comment (author's initials and name, otherwise email,
 * a "Team" badge on the provider team's replies, an "Internal note" badge and tint on the team's
 * notes, time, content, files) as an article, and between
 * them what happened to the record (ADR 028).
 */
export function CommentList({ comments, history, currency, target }: CommentListProps) {
  const { t } = useLingui();
  const authorName = (comment: Comment) => (comment.author ? displayName(comment.author) : t`Deleted user`);
  const commentLabel = (comment: Comment) => {
    const author = authorName(comment);
    if (comment.internal) return t`Internal note by ${author}`;
    return comment.byTeam ? t`Comment by ${author}, from the team` : t`Comment by ${author}`;
  };
  return (
    <div className="space-y-3">
      {history.length + comments.length > 0 ? (
        <ol className="space-y-3" aria-label={t`Comments and activity`}>
          {interleave(comments, history).map((item) =>
            "comment" in item ? (
              <li key={`comment-${item.comment.id}`}>
                <article
                  aria-label={commentLabel(item.comment)}
                  className={cn("rounded-md border border-border p-3", item.comment.internal && internalNoteTint)}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="flex items-center gap-2">
                      <Avatar name={authorName(item.comment)} decorative />
                      <span className="text-sm font-medium">{authorName(item.comment)}</span>
                      {item.comment.byTeam ? (
                        <Badge tone="violet" data-testid="team-badge">
                          <Trans>Team</Trans>
                        </Badge>
                      ) : null}
                      {item.comment.internal ? (
                        <Badge tone="yellow">
                          <Trans>Internal note</Trans>
                        </Badge>
                      ) : null}
                    </span>
                    <time dateTime={item.comment.createdAt} className="text-xs text-muted-foreground">
                      {formatDateTime(item.comment.createdAt)}
                    </time>
                  </div>
                  <p className="mt-2 text-sm break-words whitespace-pre-wrap">{item.comment.content}</p>
                  <AttachmentList files={item.comment.attachments} owner={commentsQueryKey(target)} />
                </article>
              </li>
            ) : (
              <li key={`activity-${item.entry.id}`}>
                <HistoryLine entry={item.entry} currency={currency} />
              </li>
            ),
          )}
        </ol>
      ) : null}
      {comments.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">
          <Trans>No comments yet</Trans>
        </p>
      ) : null}
    </div>
  );
}
