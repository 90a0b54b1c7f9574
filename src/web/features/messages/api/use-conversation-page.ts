import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** Conversation cards per page, and how many of each one's newest messages they show. */
export const CONVERSATIONS_PAGE_SIZE = 10;
export const RECENT_MESSAGES = 10;

/** Every company's conversation, latest activity first, searchable by company name. */
export function useConversationPage(params: { page: number; q: string }) {
  return useQuery({
    queryKey: [queryRoots.messages, "conversations", params],
    queryFn: () =>
      api.get("/messages/conversations", {
        query: { page: params.page, pageSize: CONVERSATIONS_PAGE_SIZE, q: params.q, recent: RECENT_MESSAGES },
      }),
    placeholderData: keepPreviousData,
  });
}
