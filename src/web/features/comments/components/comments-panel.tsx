import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useComments, type CommentTarget } from "../api/use-comments";
import { AddCommentForm } from "./add-comment-form";
import { CommentList } from "./comment-list";

/** A comment thread with its count and the add box; shared by project and ticket detail. */
export function CommentsPanel({ target }: { target: CommentTarget }) {
  const comments = useComments(target);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Comments <span className="text-muted-foreground">({comments.data ? comments.data.length : "…"})</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {comments.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading comments" />
          </div>
        ) : comments.isError ? (
          <div role="alert" className="text-sm">
            <p>Could not load the comments.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void comments.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <CommentList comments={comments.data} />
        )}
        <AddCommentForm target={target} />
      </CardContent>
    </Card>
  );
}
