import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { FilePicker, UploadStatus, useUploads } from "@/web/features/files";
import { useAttachMessageFile } from "../api/use-attach-message-file";
import type { OutgoingMessage } from "../api/use-send-message";
import { useOutgoingId } from "../lib/use-outgoing-id";
import { MessageForm, MessageTextarea, SendButton } from "./message-form";

interface MessageComposerProps {
  disabled?: boolean;
  /** Resolves with the stored message; rejects (the text stays) when it was not stored. */
  onSend: (message: Pick<OutgoingMessage, "content" | "id">) => Promise<{ id: string }>;
}

/**
 * The chat input. Enter sends, Shift+Enter starts a new line; a blank message is ignored. The text
 * is cleared once the message is stored and kept when sending fails. Sending the same text again
 * reuses its id, so a retry after a lost answer never shows the message twice. Chosen files are
 * uploaded to the message once it is stored, one request each.
 */
export function MessageComposer({ disabled, onSend }: MessageComposerProps) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const outgoing = useOutgoingId();
  const [files, setFiles] = useState<File[]>([]);
  const uploads = useUploads();
  const attach = useAttachMessageFile();

  const send = async () => {
    const content = text.trim();
    if (!content || sending || disabled) return;
    setSending(true);
    try {
      const message = await onSend({ content, id: outgoing.idFor(content) });
      outgoing.sent();
      await uploads.run(files, (file) => attach(message.id, file));
      setText("");
      setFiles([]);
    } catch {
      // The caller showed why; the text stays for another try.
    } finally {
      setSending(false);
    }
  };

  const sendText = () => void send();

  return (
    <MessageForm onSend={sendText} className="space-y-2">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={id} className="sr-only">
            <Trans>Message</Trans>
          </label>
          <MessageTextarea
            id={id}
            rows={2}
            value={text}
            onValueChange={setText}
            onSend={sendText}
            sending={sending}
            disabled={disabled}
            aria-busy={sending}
            aria-describedby={`${id}-hint`}
            placeholder={t`Type your message...`}
          />
          <p id={`${id}-hint`} className="sr-only">
            <Trans>Enter sends, Shift+Enter starts a new line.</Trans>
          </p>
        </div>
        <SendButton sending={sending} disabled={disabled} />
      </div>
      <FilePicker files={files} onChange={setFiles} disabled={disabled || sending} compact />
      <UploadStatus status={uploads.status} />
    </MessageForm>
  );
}
