import { useQueryClient } from "@tanstack/react-query";
import { uploadFile } from "@/web/features/files";
import { queryRoots } from "@/web/lib/query-keys";

/** Uploads one file to a ticket, then refetches the ticket, whose detail lists its attachments. */
export function useAttachTicketFile() {
  const client = useQueryClient();
  return async (ticketId: string, file: File) => {
    const stored = await uploadFile(`/api/tickets/${ticketId}/files`, file);
    void client.invalidateQueries({ queryKey: [queryRoots.tickets, "detail", ticketId] });
    return stored;
  };
}
