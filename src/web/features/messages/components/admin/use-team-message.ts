import { t } from "@lingui/core/macro";
import { useState } from "react";
import { useUploads } from "@/web/features/files";
import { shownProblemDetail } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useAttachMessageFile } from "../../api/use-attach-message-file";
import { useSendMessage } from "../../api/use-send-message";
import { useOutgoingId } from "../../lib/use-outgoing-id";

/** 'Error sending message' with the server's message when it gave one (spec section 8, DESIGN D10). */
function sendErrorText(error: unknown): string {
  const detail = shownProblemDetail(error);
  return detail ? t`Error sending message: ${detail}` : t`Error sending message`;
}

/**
 * Sends a message from the provider team to a company and says how it went in a toast. Resolves
 * with the stored message (undefined when it failed); trying the same text again after a failure
 * reuses its id.
 */
export function useTeamMessage() {
  const send = useSendMessage();
  const outgoing = useOutgoingId();

  const sendTo = async (companyId: string, content: string) => {
    try {
      const message = await send.mutateAsync({ companyId, content, id: outgoing.idFor(companyId, content) });
      outgoing.sent();
      toast.success(t`Message sent successfully`);
      return message;
    } catch (error) {
      console.error("Error sending message", error);
      toast.error(sendErrorText(error));
      return undefined;
    }
  };

  return { sendTo, isPending: send.isPending };
}

/**
 * A team message with files chosen beside it (a reply, a new conversation): the files are uploaded
 * to the message once it is stored. `onStored` runs as soon as the text is sent, before the files
 * go, so the box can clear while they upload.
 */
export function useTeamMessageWithFiles() {
  const send = useTeamMessage();
  const [files, setFiles] = useState<File[]>([]);
  const uploads = useUploads();
  const attach = useAttachMessageFile();

  const sendTo = async (companyId: string, content: string, onStored?: () => void) => {
    const message = await send.sendTo(companyId, content);
    if (!message) return undefined;
    onStored?.();
    await uploads.run(files, (file) => attach(message.id, file));
    setFiles([]);
    return message;
  };

  return { sendTo, busy: send.isPending || uploads.busy, files, setFiles, uploadStatus: uploads.status };
}
