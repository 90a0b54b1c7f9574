import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { ConversationOrder } from "@/shared/schemas/message";
import { api } from "@/web/lib/api";
import type { ApiOutput } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

/** Conversations per "Load more": a screenful of rows, each with only its last message. */
export const INBOX_PAGE_SIZE = 30;

type InboxPage = ApiOutput<"get", "/messages/conversations">;
export type InboxConversation = InboxPage["items"][number];

/**
 * The admin inbox's conversation list: newest first or unread first, searchable by company name,
 * one page after another by cursor. A realtime refetch re-reads every loaded page from fresh
 * cursors, so a conversation whose unread count or place changed shows once, where it now is.
 */
export function useInbox({ q, order }: { q: string; order: ConversationOrder }) {
  const query = useInfiniteQuery({
    queryKey: [queryRoots.messages, "inbox", { q, order }],
    queryFn: ({ pageParam }) =>
      api.get("/messages/conversations", {
        query: { ...(q ? { q } : {}), order, pageSize: INBOX_PAGE_SIZE, recent: 1, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  return { ...query, conversations: inboxConversations(query.data?.pages) };
}

/** Every loaded conversation in list order, each once (a refetch between pages may move one). */
export function inboxConversations(pages: InboxPage[] | undefined): InboxConversation[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) => page.items).filter((item) => !seen.has(item.company.id) && seen.add(item.company.id));
}
