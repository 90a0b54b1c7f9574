import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import type { Message } from "@/shared/schemas/message";
import { apiGet } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export const MESSAGES_PAGE_SIZE = 50;

export const conversationQueryKey = [queryRoots.messages, "conversation", "mine"] as const;

/** Pages newest first (each page oldest first); the cursor is the oldest message id seen. */
export type ConversationData = InfiniteData<Message[], string | undefined>;

/**
 * The customer's conversation with the provider team, the newest page first; "earlier" pages come
 * on demand. A refetch (realtime) re-reads every loaded page from fresh cursors, so none is skipped.
 */
export function useConversation({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: conversationQueryKey,
    queryFn: ({ pageParam }) =>
      apiGet<Message[]>("/messages", { limit: MESSAGES_PAGE_SIZE, before: pageParam }).catch((error: unknown) => {
        console.error("Failed to load messages", error);
        throw error;
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.length === MESSAGES_PAGE_SIZE ? page[0]?.id : undefined),
    enabled,
  });
}

/** Every loaded message, oldest first, each once. */
export function conversationMessages(data: { pages: Message[][] } | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages
    .toReversed()
    .flat()
    .filter((message) => !seen.has(message.id) && seen.add(message.id));
}
