import { useLingui } from "@lingui/react/macro";
import type { ReactNode, RefCallback } from "react";
import { CountedTitle, TitledCard } from "@/web/components/ui/card";
import { QueryStates } from "@/web/components/layout/record-states";
import { EarlierHistory, useRecordHistory } from "@/web/features/activity";
import { cn } from "@/web/lib/cn";
import { useComments, type CommentTarget } from "../api/use-comments";
import { AddCommentForm, type ComposerOptions } from "./add-comment-form";
import { CommentList } from "./comment-list";

/** A screen's arrangement of the panel (the team's ticket page: components/admin/thread-layout.ts). */
export interface PanelLayout {
  card?: string;
  content?: string;
  /** The comments and history, above the box. */
  timeline?: string;
  timelineRef?: RefCallback<HTMLDivElement>;
  /** What opens the timeline. */
  lead?: ReactNode;
}

interface CommentsPanelProps {
  target: CommentTarget;
  /** What the screen adds to the comment box (the team's: internal notes, "Reply and mark Done"). */
  composer?: ComposerOptions;
  layout?: PanelLayout;
}

/**
 * A comment thread with its count and the add box, interleaved with the record's history (live:
 * every change to the record refreshes it); shared by project and ticket detail.
 */
export function CommentsPanel({ target, composer, layout: { card, content, timeline, timelineRef, lead } = {} }: CommentsPanelProps) {
  const { t } = useLingui();
  const comments = useComments(target);
  const history = useRecordHistory(target, { withComments: false });
  return (
    <TitledCard title={<CountedTitle label={t`Comments`} count={comments.data?.length} />} className={card} contentClassName={cn("space-y-6", content)}>
      <div ref={timelineRef} className={timeline}>
        {lead}
        <QueryStates query={comments} loadError={t`Could not load the comments.`} loading={t`Loading comments`}>
          {(list) => (
            <div className="space-y-2">
              <EarlierHistory query={history.query} />
              <CommentList comments={list} history={history.entries} currency={history.currency} target={target} />
            </div>
          )}
        </QueryStates>
      </div>
      <AddCommentForm target={target} options={composer} />
    </TitledCard>
  );
}
