import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useUploads } from "@/web/features/files";
import { useAttachMessageFile } from "../api/use-attach-message-file";
import type { OutgoingMessage } from "../api/use-send-message";
import { useOutgoingId } from "../lib/use-outgoing-id";
import { ChatBox } from "./message-form";

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
    <ChatBox
      id={id}
      label={<Trans>Message</Trans>}
      hint={<Trans>Enter sends, Shift+Enter starts a new line.</Trans>}
      placeholder={t`Type your message...`}
      text={text}
      onTextChange={setText}
      onSend={sendText}
      sending={sending}
      disabled={disabled}
      files={files}
      onFilesChange={setFiles}
      uploadStatus={uploads.status}
    />
  );
}
