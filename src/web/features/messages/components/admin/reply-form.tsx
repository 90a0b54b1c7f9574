import { Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "@/web/lib/toast";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/input";
import { useMarkMessagesRead } from "../../api/use-mark-messages-read";
import { sendOnEnter } from "../../lib/send-on-enter";
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = sendOnEnter(() => void submit());

  return (
    <form noValidate onSubmit={onSubmit} className="flex items-end gap-2">
      <div className="flex-1">
        <label htmlFor={fieldId} className="sr-only">
          Reply to {companyName}
        </label>
        <Textarea
          id={fieldId}
          rows={2}
          value={text}
          readOnly={send.isPending}
          aria-busy={send.isPending}
          placeholder="Type your reply... (Enter sends, Shift+Enter for a new line)"
          className="resize-none"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <Button type="submit" disabled={send.isPending}>
        <Send className="h-4 w-4" aria-hidden />
        {send.isPending ? "Sending..." : "Send"}
      </Button>
    </form>
  );
}
