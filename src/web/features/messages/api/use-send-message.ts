import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { conversationQueryKey, type ConversationData } from "./use-conversation";

export interface OutgoingMessage {
  content: string;
  /** Client-generated: a retried send returns the stored message instead of a second one. */
  id: string;
  /** An admin names the company (a new conversation or an existing one); a customer writes to their own. */
  companyId?: string;
}

/** Sends carry a client id, so retrying a send whose answer was lost cannot post it twice. */
const retryable = (failures: number, error: unknown) => failures < 2 && !(error instanceof ApiError && error.status < 500);

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OutgoingMessage) => api.create("/messages", { json: input }),
    retry: retryable,
    retryDelay: (attempt) => 500 * 2 ** attempt,
    onSuccess: (message, input) => {
      // Show it at once in a loaded conversation; the refetch then brings anything others wrote meanwhile.
      client.setQueryData<ConversationData>(conversationQueryKey(input.companyId), (old) => {
        if (!old || old.pages.some((page) => page.some((existing) => existing.id === message.id))) return old;
        const [newest = [], ...older] = old.pages;
        return { ...old, pages: [[...newest, message], ...older] };
      });
      void client.invalidateQueries({ queryKey: [queryRoots.messages] });
    },
  });
}
