import { useMutation, useQueryClient } from "@tanstack/react-query";
import { markReadQuietly } from "@/web/features/notifications";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";
import { useMe } from "@/web/lib/session";

/**
 * Marks the other side's messages read (spec section 4): a customer's marks the team's messages
 * in their own conversation ({}), an admin's a company's customer messages, clearing its unread count.
 * The notifications of those messages are read with them, so the bell agrees with the chat.
 */
export function useMarkMessagesRead() {
  const client = useQueryClient();
  const ownCompany = useMe().data?.company?.id;
  return useMutation({
    mutationFn: (input: ApiBody<"post", "/messages/read">) => api.post("/messages/read", { json: input }),
    onSuccess: (_answer, { companyId = ownCompany }) => {
      // A conversation's notifications are filed under its company's id.
      if (companyId) void markReadQuietly(client, { subject: { type: "conversation", id: companyId } });
      return client.invalidateQueries({ queryKey: [queryRoots.messages] });
    },
    onError: (error) => console.error("Failed to mark messages read", error),
  });
}
