import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MarkMessagesReadInput, MarkMessagesReadResult } from "@/shared/schemas/message";
import { apiPost } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * Marks the other side's messages read (spec section 4): a customer's marks the team's messages
 * in their own conversation ({}), an admin's a company's customer messages, clearing its unread count.
 */
export function useMarkMessagesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkMessagesReadInput) => apiPost<MarkMessagesReadResult>("/messages/read", input),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.messages] }),
    onError: (error) => console.error("Failed to mark messages read", error),
  });
}
