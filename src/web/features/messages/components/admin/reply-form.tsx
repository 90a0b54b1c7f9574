import { useState } from "react";
import { FilePicker, UploadStatus, useUploads } from "@/web/features/files";
import { toast } from "@/web/lib/toast";
import { useAttachMessageFile } from "../../api/use-attach-message-file";
import { useMarkMessagesRead } from "../../api/use-mark-messages-read";
import { MessageForm, MessageTextarea, SendButton } from "../message-form";
import { useTeamMessage } from "./use-team-message";

/**
 * A conversation card's reply box. Enter sends, Shift+Enter starts a new line; replying marks the
 * customer's messages read. Chosen files are uploaded to the reply once it is stored.
 */
export function ReplyForm({ companyId, companyName }: { companyId: string; companyName: string }) {
  const [text, setText] = useState("");
  const send = useTeamMessage();
  const markRead = useMarkMessagesRead();
  const [files, setFiles] = useState<File[]>([]);
  const uploads = useUploads();
  const attach = useAttachMessageFile();
  const fieldId = `reply-${companyId}`;

  const busy = send.isPending || uploads.busy;

  const submit = async () => {
    if (busy) return;
    const content = text.trim();
    if (!content) {
      toast.error("Please enter a message", { id: `reply-empty-${companyId}` });
      return;
    }
    const message = await send.sendTo(companyId, content);
    if (!message) return;
    setText("");
    markRead.mutate({ companyId });
    await uploads.run(files, (file) => attach(message.id, file));
    setFiles([]);
  };

  const onSend = () => void submit();

  return (
    <MessageForm onSend={onSend} className="space-y-2">
      <div className="flex items-end gap-2">
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
            sending={busy}
            aria-busy={busy}
            placeholder="Type your reply... (Enter sends, Shift+Enter for a new line)"
          />
        </div>
        <SendButton sending={busy} />
      </div>
      <FilePicker files={files} onChange={setFiles} disabled={busy} compact />
      <UploadStatus status={uploads.status} />
    </MessageForm>
  );
}
