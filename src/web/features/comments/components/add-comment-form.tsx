import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "@/web/lib/toast";
import type { CreateCommentInput } from "@/shared/schemas/comment";
import { createCommentInputSchema } from "@/web/lib/schemas/comment";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/input";
import { errorMessage } from "@/web/lib/api";
import { showServerFieldErrors } from "@/web/lib/form-errors";
import { FilePicker, UploadStatus, useUploads } from "@/web/features/files";
import { useAddComment, type CommentTarget } from "../api/use-comments";

/** The add-comment box; Send stays disabled while the text is empty or whitespace (spec section 5). */
export function AddCommentForm({ target }: { target: CommentTarget }) {
  const add = useAddComment(target);
  const [files, setFiles] = useState<File[]>([]);
  const uploads = useUploads();
  const form = useForm<CreateCommentInput>({ resolver: zodResolver(createCommentInputSchema), defaultValues: { content: "" } });
  const content = useWatch({ control: form.control, name: "content" });
  const { errors, isSubmitting } = form.formState;
  const fieldId = `${target.kind}-comment`;
  const blank = !content?.trim();

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const comment = await add.mutateAsync(input);
      toast.success("Comment added");
      // Files go after the comment exists, one request each; a refused one leaves the comment standing.
      await uploads.run(files, (file) => add.attach(comment.id, file));
      // Cleared once the files are sent too: the form stays busy (Sending...) until then.
      form.reset({ content: "" });
      setFiles([]);
    } catch (error) {
      showServerFieldErrors(form, error);
      toast.error(errorMessage(error, "Failed to add comment"));
    }
  });

  // Ctrl+Enter / Cmd+Enter sends, as in most comment boxes; Enter alone makes a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !blank && !isSubmitting) {
      event.preventDefault();
      void onSubmit();
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2">
      <label htmlFor={fieldId} className="text-sm font-medium">
        Add a comment
      </label>
      <Textarea
        id={fieldId}
        rows={3}
        placeholder="Write a comment..."
        aria-invalid={!!errors.content}
        aria-describedby={errors.content ? `${fieldId}-error` : undefined}
        onKeyDown={onKeyDown}
        {...form.register("content")}
      />
      {errors.content ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-destructive">
          {errors.content.message}
        </p>
      ) : null}
      <div className="flex items-start justify-between gap-2">
        <FilePicker files={files} onChange={setFiles} disabled={isSubmitting} compact />
        <Button type="submit" disabled={blank || isSubmitting}>
          <Send className="h-4 w-4" aria-hidden />
          {isSubmitting ? "Sending..." : "Send"}
        </Button>
      </div>
      <UploadStatus status={uploads.status} />
    </form>
  );
}
