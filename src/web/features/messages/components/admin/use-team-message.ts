import { problemDetail } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useSendMessage } from "../../api/use-send-message";
import { useOutgoingId } from "../../lib/use-outgoing-id";

/** 'Error sending message' with the server's message when it gave one (spec section 8, DESIGN D10). */
function sendErrorText(error: unknown): string {
  const detail = problemDetail(error);
  return detail ? `Error sending message: ${detail}` : "Error sending message";
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
      toast.success("Message sent successfully");
      return message;
    } catch (error) {
      console.error("Error sending message", error);
      toast.error(sendErrorText(error));
      return undefined;
    }
  };

  return { sendTo, isPending: send.isPending };
}
