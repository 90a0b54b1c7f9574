import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * Marks the other side's messages read (spec section 4): a customer's marks the team's messages
 * in their own conversation ({}), an admin's a company's customer messages, clearing its unread count.
 */
export function useMarkMessagesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiBody<"post", "/messages/read">) => api.post("/messages/read", { json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.messages] }),
    onError: (error) => console.error("Failed to mark messages read", error),
  });
}
