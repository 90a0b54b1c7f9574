import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MarkMessagesReadResult } from "@/shared/schemas/message";
import { apiPost } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** Marks the provider team's messages in the customer's conversation read (spec section 4). */
export function useMarkMessagesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<MarkMessagesReadResult>("/messages/read", {}),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.messages] }),
    onError: (error) => console.error("Failed to mark messages read", error),
  });
}
