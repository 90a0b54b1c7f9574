import { useLingui } from "@lingui/react/macro";
import { CountedTitle, TitledCard } from "@/web/components/ui/card";
import { QueryStates } from "@/web/components/layout/record-states";
import { EarlierHistory, useRecordHistory } from "@/web/features/activity";
import { useComments, type CommentTarget } from "../api/use-comments";
import { AddCommentForm } from "./add-comment-form";
import { CommentList } from "./comment-list";

/**
 * A comment thread with its count and the add box, interleaved with the record's history (live:
 * every change to the record refreshes it); shared by project and ticket detail. `internalNotes`:
 * the team's ticket page, whose box also writes internal notes.
 */
export function CommentsPanel({ target, internalNotes = false }: { target: CommentTarget; internalNotes?: boolean }) {
  const { t } = useLingui();
  const comments = useComments(target);
  const history = useRecordHistory(target, { withComments: false });
  return (
    <TitledCard title={<CountedTitle label={t`Comments`} count={comments.data?.length} />} contentClassName="space-y-6">
      <QueryStates query={comments} loadError={t`Could not load the comments.`} loading={t`Loading comments`}>
        {(list) => (
          <div className="space-y-2">
            <EarlierHistory query={history.query} />
            <CommentList comments={list} history={history.entries} currency={history.currency} target={target} />
          </div>
        )}
      </QueryStates>
      <AddCommentForm target={target} internalNotes={internalNotes} />
    </TitledCard>
  );
}
