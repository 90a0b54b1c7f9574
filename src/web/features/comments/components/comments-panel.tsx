import { useLingui } from "@lingui/react/macro";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { CountedTitle, TitledCard } from "@/web/components/ui/card";
import { QueryStates } from "@/web/components/layout/record-states";
import { EarlierHistory, useRecordHistory } from "@/web/features/activity";
import { cn } from "@/web/lib/cn";
import { useComments, type CommentTarget } from "../api/use-comments";
import { AddCommentForm, type ReplyAndDone } from "./add-comment-form";
import { CommentList } from "./comment-list";

interface CommentsPanelProps {
  target: CommentTarget;
  /** The team's ticket page: the box also writes internal notes. */
  internalNotes?: boolean;
  /**
   * A ticket page, which leads with its conversation: on a wide screen the panel fills the
   * window's height, the timeline scrolls within it (opened at the newest) and the reply box stays
   * in view below it. `lead` opens the timeline (the ticket's description).
   */
  thread?: { lead?: ReactNode; replyAndDone?: ReplyAndDone };
}

/**
 * A comment thread with its count and the add box, interleaved with the record's history (live:
 * every change to the record refreshes it); shared by project and ticket detail.
 */
export function CommentsPanel({ target, internalNotes = false, thread }: CommentsPanelProps) {
  const { t } = useLingui();
  const comments = useComments(target);
  const history = useRecordHistory(target, { withComments: false });
  const timeline = useRef<HTMLDivElement>(null);
  const items = (comments.data?.length ?? 0) + history.entries.length;
  // Opened at the newest, and kept there as comments and history arrive (a thread reads upwards).
  useLayoutEffect(() => {
    const element = timeline.current;
    if (thread && element) element.scrollTop = element.scrollHeight;
  }, [thread, items]);

  return (
    <TitledCard
      title={<CountedTitle label={t`Comments`} count={comments.data?.length} />}
      className={cn(thread && "lg:flex lg:h-[calc(100dvh-14rem)] lg:min-h-[28rem] lg:flex-col")}
      contentClassName={cn("space-y-6", thread && "lg:flex lg:min-h-0 lg:flex-1 lg:flex-col lg:space-y-4")}
    >
      <div ref={timeline} className={cn(thread && "lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:pr-2")} data-testid={thread ? "thread-timeline" : undefined}>
        {thread?.lead}
        <QueryStates query={comments} loadError={t`Could not load the comments.`} loading={t`Loading comments`}>
          {(list) => (
            <div className="space-y-2">
              <EarlierHistory query={history.query} />
              <CommentList comments={list} history={history.entries} currency={history.currency} target={target} />
            </div>
          )}
        </QueryStates>
      </div>
      <div className={cn(thread && "lg:shrink-0")}>
        <AddCommentForm target={target} internalNotes={internalNotes} replyAndDone={thread?.replyAndDone} />
      </div>
    </TitledCard>
  );
}
