import { CountedTitle, TitledCard } from "@/web/components/ui/card";
import { QueryStates } from "@/web/components/layout/record-states";
import { useComments, type CommentTarget } from "../api/use-comments";
import { AddCommentForm } from "./add-comment-form";
import { CommentList } from "./comment-list";

/** A comment thread with its count and the add box; shared by project and ticket detail. */
export function CommentsPanel({ target }: { target: CommentTarget }) {
  const comments = useComments(target);
  return (
    <TitledCard title={<CountedTitle label="Comments" count={comments.data?.length} />} contentClassName="space-y-6">
        <QueryStates query={comments} loadError="Could not load the comments." loading="Loading comments">
          {(list) => <CommentList comments={list} target={target} />}
        </QueryStates>
        <AddCommentForm target={target} />
    </TitledCard>
  );
}
