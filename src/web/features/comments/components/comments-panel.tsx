import { CountedTitle, TitledCard } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { useComments, type CommentTarget } from "../api/use-comments";
import { AddCommentForm } from "./add-comment-form";
import { CommentList } from "./comment-list";
import { LoadError } from "@/web/components/ui/load-error";

/** A comment thread with its count and the add box; shared by project and ticket detail. */
export function CommentsPanel({ target }: { target: CommentTarget }) {
  const comments = useComments(target);
  return (
    <TitledCard title={<CountedTitle label="Comments" count={comments.data?.length} />} contentClassName="space-y-6">
        {comments.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading comments" />
          </div>
        ) : comments.isError ? (
          <LoadError message="Could not load the comments." onRetry={() => void comments.refetch()} />
        ) : (
          <CommentList comments={comments.data} />
        )}
        <AddCommentForm target={target} />
    </TitledCard>
  );
}
