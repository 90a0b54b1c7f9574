import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Message, SendMessageInput } from "@/shared/schemas/message";
import { ApiError, apiPost } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { conversationQueryKey, type ConversationData } from "./get-messages";

/** Sends carry a client id, so retrying a send whose answer was lost cannot post it twice. */
const retryable = (failures: number, error: unknown) => failures < 2 && !(error instanceof ApiError && error.status < 500);

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Required<Pick<SendMessageInput, "content" | "id">>) => apiPost<Message>("/messages", input),
    retry: retryable,
    retryDelay: (attempt) => 500 * 2 ** attempt,
    onSuccess: (message) => {
      // Show it at once; the refetch then brings anything others wrote meanwhile.
      client.setQueryData<ConversationData>(conversationQueryKey, (old) => {
        if (!old || old.pages.some((page) => page.some((existing) => existing.id === message.id))) return old;
        const [newest = [], ...older] = old.pages;
        return { ...old, pages: [[...newest, message], ...older] };
      });
      void client.invalidateQueries({ queryKey: [queryRoots.messages] });
    },
  });
}
