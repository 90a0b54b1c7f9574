import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiOutput } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

export const MESSAGES_PAGE_SIZE = 50;

/** A customer's own conversation has no company id to send: the server takes it from the session. */
export const conversationQueryKey = (companyId?: string) => [queryRoots.messages, "conversation", companyId ?? "mine"] as const;

/** One page of a conversation, oldest first, as GET /messages answers it. */
type MessagePage = ApiOutput<"get", "/messages">;

/** Pages newest first (each page oldest first); the cursor is the oldest message id seen. */
export type ConversationData = InfiniteData<MessagePage, string | undefined>;

/**
 * One conversation with the provider team, the newest page first; "earlier" pages come on demand.
 * A customer reads their own (no `companyId`), an admin the company's they open. A refetch
 * (realtime) re-reads every loaded page from fresh cursors, so none is skipped.
 */
export function useConversation({ companyId, enabled }: { companyId?: string; enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: conversationQueryKey(companyId),
    queryFn: ({ pageParam }) => api.get("/messages", { query: { companyId, limit: MESSAGES_PAGE_SIZE, before: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.length === MESSAGES_PAGE_SIZE ? page[0]?.id : undefined),
    enabled,
  });
}

/** Every loaded message, oldest first, each once. */
export function loadedMessages(data: { pages: MessagePage[] } | undefined): MessagePage {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages
    .toReversed()
    .flat()
    .filter((message) => !seen.has(message.id) && seen.add(message.id));
}
