import { useId, useState } from "react";
import type { OutgoingMessage } from "../api/use-send-message";
import { useOutgoingId } from "../lib/use-outgoing-id";
import { MessageForm, MessageTextarea, SendButton } from "./message-form";

interface MessageComposerProps {
  disabled?: boolean;
  /** Resolves once the server stored the message; rejects (the text stays) when it did not. */
  onSend: (message: Pick<OutgoingMessage, "content" | "id">) => Promise<void>;
}

/**
 * The chat input. Enter sends, Shift+Enter starts a new line; a blank message is ignored. The text
 * is cleared once the message is stored and kept when sending fails. Sending the same text again
 * reuses its id, so a retry after a lost answer never shows the message twice.
 */
export function MessageComposer({ disabled, onSend }: MessageComposerProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const outgoing = useOutgoingId();

  const send = async () => {
    const content = text.trim();
    if (!content || sending || disabled) return;
    setSending(true);
    try {
      await onSend({ content, id: outgoing.idFor(content) });
      outgoing.sent();
      setText("");
    } catch {
      // The caller showed why; the text stays for another try.
    } finally {
      setSending(false);
    }
  };

  const sendText = () => void send();

  return (
    <MessageForm onSend={sendText} className="flex items-end gap-2">
      <div className="flex-1">
        <label htmlFor={id} className="sr-only">
          Message
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
          placeholder="Type your message..."
        />
        <p id={`${id}-hint`} className="sr-only">
          Enter sends, Shift+Enter starts a new line.
        </p>
      </div>
      <SendButton sending={sending} disabled={disabled} />
    </MessageForm>
  );
}
