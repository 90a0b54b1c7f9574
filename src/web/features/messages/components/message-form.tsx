import { Trans } from "@lingui/react/macro";
import { Send } from "lucide-react";
import type { FormEvent, ReactNode, TextareaHTMLAttributes } from "react";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/input";
import { FilePicker, UploadStatus } from "@/web/features/files";
import { sendOnEnter } from "../lib/send-on-enter";

/**
 * The pieces of every message form (the customer's chat box, the team's replies and new
 * conversations): submitting the form or pressing Enter in its text box calls the same `onSend`.
 */
export function MessageForm({ onSend, className, children }: { onSend: () => void; className: string; children: ReactNode }) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  return (
    <form noValidate onSubmit={onSubmit} className={className}>
      {children}
    </form>
  );
}

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

interface MessageTextareaProps extends Omit<TextareaProps, "value" | "onChange" | "onKeyDown" | "readOnly" | "className"> {
  value: string;
  onValueChange: (value: string) => void;
  /** Enter sends, Shift+Enter starts a new line. */
  onSend: () => void;
  /** Read-only while a message is on its way, so the text sent is the text shown. */
  sending: boolean;
}

export function MessageTextarea({ value, onValueChange, onSend, sending, ...props }: MessageTextareaProps) {
  return (
    <Textarea
      {...props}
      value={value}
      readOnly={sending}
      className="resize-none"
      onChange={(event) => onValueChange(event.target.value)}
      onKeyDown={sendOnEnter(onSend)}
    />
  );
}

export function SendButton({ sending, disabled = false }: { sending: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" disabled={disabled || sending}>
      <Send className="h-4 w-4" aria-hidden />
      {sending ? <Trans>Sending...</Trans> : <Trans>Send</Trans>}
    </Button>
  );
}

interface ChatBoxProps {
  id: string;
  /** The text box's name, read by screen readers only. */
  label: ReactNode;
  /** How to send, read by screen readers only, after the label. */
  hint?: ReactNode;
  placeholder: string;
  text: string;
  onTextChange: (text: string) => void;
  onSend: () => void;
  sending: boolean;
  disabled?: boolean;
  files: File[];
  onFilesChange: (files: File[]) => void;
  uploadStatus: string | null;
}

/** A chat's message box (the customer's and a team reply): text and Send on one row, files below. */
export function ChatBox({ id, label, hint, placeholder, text, onTextChange, onSend, sending, disabled = false, files, onFilesChange, uploadStatus }: ChatBoxProps) {
  const hintId = `${id}-hint`;
  return (
    <MessageForm onSend={onSend} className="space-y-2">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={id} className="sr-only">
            {label}
          </label>
          <MessageTextarea
            id={id}
            rows={2}
            value={text}
            onValueChange={onTextChange}
            onSend={onSend}
            sending={sending}
            disabled={disabled}
            aria-busy={sending}
            aria-describedby={hint ? hintId : undefined}
            placeholder={placeholder}
          />
          {hint ? (
            <p id={hintId} className="sr-only">
              {hint}
            </p>
          ) : null}
        </div>
        <SendButton sending={sending} disabled={disabled} />
      </div>
      <FilePicker files={files} onChange={onFilesChange} disabled={disabled || sending} compact />
      <UploadStatus status={uploadStatus} />
    </MessageForm>
  );
}
