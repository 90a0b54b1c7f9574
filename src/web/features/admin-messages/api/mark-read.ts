import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MarkMessagesReadResult } from "@/shared/schemas/message";
import { apiPost } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** Marks a company's customer messages read by the provider team, which clears its unread count. */
export function useMarkConversationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => apiPost<MarkMessagesReadResult>("/messages/read", { companyId }),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.messages] }),
    onError: (error) => console.error("Failed to mark messages read", error),
  });
}
