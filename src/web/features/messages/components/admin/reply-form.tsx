import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { FilePicker, UploadStatus } from "@/web/features/files";
import { toast } from "@/web/lib/toast";
import { useMarkMessagesRead } from "../../api/use-mark-messages-read";
import { MessageForm, MessageTextarea, SendButton } from "../message-form";
import { useTeamMessageWithFiles } from "./use-team-message";

/**
 * A conversation card's reply box. Enter sends, Shift+Enter starts a new line; replying marks the
 * customer's messages read. Chosen files are uploaded to the reply once it is stored.
 */
export function ReplyForm({ companyId, companyName }: { companyId: string; companyName: string }) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const send = useTeamMessageWithFiles();
  const markRead = useMarkMessagesRead();
  const fieldId = `reply-${companyId}`;
  const { busy } = send;

  const submit = async () => {
    if (busy) return;
    const content = text.trim();
    if (!content) {
      toast.error(t`Please enter a message`, { id: `reply-empty-${companyId}` });
      return;
    }
    await send.sendTo(companyId, content, () => {
      setText("");
      markRead.mutate({ companyId });
    });
  };

  const onSend = () => void submit();

  return (
    <MessageForm onSend={onSend} className="space-y-2">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={fieldId} className="sr-only">
            <Trans>Reply to {companyName}</Trans>
          </label>
          <MessageTextarea
            id={fieldId}
            rows={2}
            value={text}
            onValueChange={setText}
            onSend={onSend}
            sending={busy}
            aria-busy={busy}
            placeholder={t`Type your reply... (Enter sends, Shift+Enter for a new line)`}
          />
        </div>
        <SendButton sending={busy} />
      </div>
      <FilePicker files={send.files} onChange={send.setFiles} disabled={busy} compact />
      <UploadStatus status={send.uploadStatus} />
    </MessageForm>
  );
}
