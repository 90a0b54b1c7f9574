import { useQueryClient } from "@tanstack/react-query";
import { uploadFile } from "@/web/features/files";
import { queryRoots } from "@/web/lib/query-keys";

/** Uploads one file to a sent message (the sender's or an admin's), then refetches the conversations. */
export function useAttachMessageFile() {
  const client = useQueryClient();
  return async (messageId: string, file: File) => {
    const stored = await uploadFile(`/api/messages/${messageId}/files`, file);
    void client.invalidateQueries({ queryKey: [queryRoots.messages] });
    return stored;
  };
}
