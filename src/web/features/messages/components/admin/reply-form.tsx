import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { toast } from "@/web/lib/toast";
import { useMarkMessagesRead } from "../../api/use-mark-messages-read";
import { ChatBox } from "../message-form";
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
    <ChatBox
      id={fieldId}
      label={<Trans>Reply to {companyName}</Trans>}
      placeholder={t`Type your reply... (Enter sends, Shift+Enter for a new line)`}
      text={text}
      onTextChange={setText}
      onSend={onSend}
      sending={busy}
      files={send.files}
      onFilesChange={send.setFiles}
      uploadStatus={send.uploadStatus}
    />
  );
}
