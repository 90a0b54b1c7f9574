import { Trans, useLingui } from "@lingui/react/macro";
import { Send } from "lucide-react";
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { toast } from "@/web/lib/toast";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/input";
import { errorMessage } from "@/web/lib/api";
import { useCheckedForm } from "@/web/lib/use-checked-form";
import { FilePicker, UploadStatus, useUploads } from "@/web/features/files";
import { useAddComment, type CommentTarget } from "../api/use-comments";
import { translateKnown } from "@/web/lib/i18n/known-messages";
import { checkComment } from "../lib/comment-rules";
import { internalNoteTint } from "./comment-list";

const fields = ["content"] as const;

/**
 * What a screen adds to the box (the team's ticket page: components/admin/team-reply-options.tsx),
 * kept out of the customers' code.
 */
export interface ComposerOptions {
  /** Sent with the text: `{ internal: true }` makes it an internal note. */
  extra?: { internal?: boolean };
  /** Under the text box, e.g. the internal-note switch. */
  switches?: ReactNode;
  /** Before Send: more submit buttons, each `name="then"` with a `value` that `after` receives. */
  buttons?: ReactNode;
  /** Instead of Send's label, the placeholder, the success toast; `tinted` marks the box as a note's. */
  sendLabel?: ReactNode;
  placeholder?: string;
  added?: string;
  tinted?: boolean;
  /** Once the comment and its files are in, with the value of the button that sent it ("" for Send and Ctrl+Enter). */
  after?: (then: string) => Promise<void>;
  /** With the form, after a send. */
  reset?: () => void;
}

/** The add-comment box; Send stays disabled while the text is empty or whitespace (spec section 5). */
export function AddCommentForm({ target, options = {} }: { target: CommentTarget; options?: ComposerOptions }) {
  const { t } = useLingui();
  const add = useAddComment(target);
  const [files, setFiles] = useState<File[]>([]);
  const [blank, setBlank] = useState(true);
  const uploads = useUploads();
  const form = useCheckedForm(fields, checkComment);
  const fieldId = `${target.kind}-comment`;
  const error = form.errors.content;

  const submit = (then: string) =>
    form.handleSubmit(async (input, element) => {
      try {
        const comment = await add.mutateAsync({ ...input, ...options.extra });
        toast.success(options.added ?? t`Comment added`);
        // Files go after the comment exists, one request each; a refused one leaves the comment standing.
        await uploads.run(files, (file) => add.attach(comment.id, file));
        // Cleared once the files are sent too: the form stays busy (Sending...) until then.
        element.reset();
        setBlank(true);
        setFiles([]);
        options.reset?.();
      } catch (failure) {
        form.showServerErrors(failure);
        toast.error(errorMessage(failure, t`Failed to add comment`));
        return;
      }
      await options.after?.(then);
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
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") ?? "")(event)}
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
        placeholder={options.placeholder ?? t`Write a comment...`}
        aria-invalid={!!error}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onKeyDown={onKeyDown}
        // A note's box looks like the notes in the thread, so nobody sends one to the customer by mistake.
        className={options.tinted ? internalNoteTint : undefined}
      />
      {options.switches}
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-destructive">
          {translateKnown(error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <FilePicker files={files} onChange={setFiles} disabled={form.isSubmitting} compact />
        <div className="flex flex-wrap justify-end gap-2">
          {options.buttons ? <fieldset disabled={blank || form.isSubmitting} className="contents">{options.buttons}</fieldset> : null}
          <Button type="submit" disabled={blank || form.isSubmitting}>
            <Send className="h-4 w-4" aria-hidden />
            {form.isSubmitting ? <Trans>Sending...</Trans> : (options.sendLabel ?? <Trans>Send</Trans>)}
          </Button>
        </div>
      </div>
      <UploadStatus status={uploads.status} />
    </form>
  );
}
