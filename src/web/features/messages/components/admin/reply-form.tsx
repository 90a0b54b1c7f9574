import { useState } from "react";
import { toast } from "@/web/lib/toast";
import { useMarkMessagesRead } from "../../api/use-mark-messages-read";
import { MessageForm, MessageTextarea, SendButton } from "../message-form";
import { useTeamMessage } from "./use-team-message";

/** A conversation card's reply box. Enter sends, Shift+Enter starts a new line; replying marks the customer's messages read. */
export function ReplyForm({ companyId, companyName }: { companyId: string; companyName: string }) {
  const [text, setText] = useState("");
  const send = useTeamMessage();
  const markRead = useMarkMessagesRead();
  const fieldId = `reply-${companyId}`;

  const submit = async () => {
    if (send.isPending) return;
    const content = text.trim();
    if (!content) {
      toast.error("Please enter a message", { id: `reply-empty-${companyId}` });
      return;
    }
    if (await send.sendTo(companyId, content)) {
      setText("");
      markRead.mutate({ companyId });
    }
  };

  const onSend = () => void submit();

  return (
    <MessageForm onSend={onSend} className="flex items-end gap-2">
      <div className="flex-1">
        <label htmlFor={fieldId} className="sr-only">
          Reply to {companyName}
        </label>
        <MessageTextarea
          id={fieldId}
          rows={2}
          value={text}
          onValueChange={setText}
          onSend={onSend}
          sending={send.isPending}
          aria-busy={send.isPending}
          placeholder="Type your reply... (Enter sends, Shift+Enter for a new line)"
        />
      </div>
      <SendButton sending={send.isPending} />
    </MessageForm>
  );
}
