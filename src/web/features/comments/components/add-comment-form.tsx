import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, Send } from "lucide-react";
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { toast } from "@/web/lib/toast";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/input";
import { errorMessage } from "@/web/lib/api";
import { useCheckedForm } from "@/web/lib/use-checked-form";
import { FilePicker, UploadStatus, useUploads } from "@/web/features/files";
import { useAddComment, type CommentTarget } from "../api/use-comments";
import { translateKnown } from "@/web/lib/i18n/known-messages";
import { checkComment } from "../lib/comment-rules";

const fields = ["content"] as const;

/** What "Reply and mark Done" does once the reply is in: the ticket's status change. */
export type ReplyAndDone = () => Promise<unknown>;

interface AddCommentFormProps {
  target: CommentTarget;
  /** The team's ticket page: the comment may be an internal note, which no customer sees. */
  internalNotes?: boolean;
  /** The team's open ticket: a second button sends the reply and closes the ticket in one go. */
  replyAndDone?: ReplyAndDone;
}

/** The add-comment box; Send stays disabled while the text is empty or whitespace (spec section 5). */
export function AddCommentForm({ target, internalNotes = false, replyAndDone }: AddCommentFormProps) {
  const { t } = useLingui();
  const add = useAddComment(target);
  const [files, setFiles] = useState<File[]>([]);
  const [blank, setBlank] = useState(true);
  const [internal, setInternal] = useState(false);
  const uploads = useUploads();
  const form = useCheckedForm(fields, checkComment);
  const fieldId = `${target.kind}-comment`;
  const error = form.errors.content;

  // `thenDone`: "Reply and mark Done" sent the form (Send and Ctrl+Enter do not).
  const submit = (thenDone: boolean) => form.handleSubmit(async (input, element) => {
    try {
      const comment = await add.mutateAsync(internal ? { ...input, internal } : input);
      toast.success(internal ? t`Internal note added` : t`Comment added`);
      // Files go after the comment exists, one request each; a refused one leaves the comment standing.
      await uploads.run(files, (file) => add.attach(comment.id, file));
      // Cleared once the files are sent too: the form stays busy (Sending...) until then.
      element.reset();
      setBlank(true);
      setFiles([]);
      setInternal(false);
    } catch (failure) {
      form.showServerErrors(failure);
      toast.error(errorMessage(failure, t`Failed to add comment`));
      return;
    }
    if (!thenDone || !replyAndDone) return;
    // The reply stands whatever happens next; only the status change can fail here.
    try {
      await replyAndDone();
      toast.success(t`Ticket marked Done`);
    } catch (failure) {
      toast.error(errorMessage(failure, t`Error updating ticket`));
    }
  });

  // Ctrl+Enter / Cmd+Enter sends, as in most comment boxes; Enter alone makes a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !blank && !form.isSubmitting) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "done")(event)}
      onChange={(event) => {
        setBlank(!String(new FormData(event.currentTarget).get("content") ?? "").trim());
        form.onChange(event);
      }}
      className="space-y-2"
    >
      <label htmlFor={fieldId} className="text-sm font-medium">
        <Trans>Add a comment</Trans>
      </label>
      <Textarea
        id={fieldId}
        name="content"
        rows={3}
        placeholder={internal ? t`Write a note for the team...` : t`Write a comment...`}
        aria-invalid={!!error}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onKeyDown={onKeyDown}
        // An internal note looks like the notes in the thread, so nobody sends one to the customer by mistake.
        className={internal ? "border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40" : undefined}
      />
      {internalNotes ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="internal" className="h-4 w-4 accent-primary" checked={internal} onChange={(event) => setInternal(event.target.checked)} />
          <Trans>Internal note: only the team sees it</Trans>
        </label>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-destructive">
          {translateKnown(error)}
        </p>
      ) : null}
      <div className="flex items-start justify-between gap-2">
        <FilePicker files={files} onChange={setFiles} disabled={form.isSubmitting} compact />
        <div className="flex flex-wrap justify-end gap-2">
          {replyAndDone && !internal ? (
            <Button type="submit" name="then" value="done" variant="outline" disabled={blank || form.isSubmitting}>
              <CheckCircle2 className="h-4 w-4" aria-hidden />
              <Trans>Reply and mark Done</Trans>
            </Button>
          ) : null}
          <Button type="submit" disabled={blank || form.isSubmitting}>
            <Send className="h-4 w-4" aria-hidden />
            {form.isSubmitting ? <Trans>Sending...</Trans> : internal ? <Trans>Add note</Trans> : <Trans>Send</Trans>}
          </Button>
        </div>
      </div>
      <UploadStatus status={uploads.status} />
    </form>
  );
}
