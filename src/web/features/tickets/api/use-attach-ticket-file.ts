import { useQueryClient } from "@tanstack/react-query";
import { uploadFile } from "@/web/features/files";
import { ticketQueryKey } from "./use-ticket";

/** Uploads one file to a ticket, then refetches the ticket, whose detail lists its attachments. */
export function useAttachTicketFile() {
  const client = useQueryClient();
  return async (ticketId: string, file: File) => {
    const stored = await uploadFile(`/api/tickets/${ticketId}/files`, file);
    void client.invalidateQueries({ queryKey: ticketQueryKey(ticketId) });
    return stored;
  };
}
