import { useInfiniteQuery } from "@tanstack/react-query";
import type { Message } from "@/shared/schemas/message";
import { apiGet } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

const PAGE_SIZE = 50;

/**
 * One company's whole conversation, the newest page first (each page oldest first), earlier pages
 * on demand. Loaded only when the admin opens it; a card otherwise shows its recent messages.
 */
export function useCompanyConversation(companyId: string, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: [queryRoots.messages, "conversation", companyId],
    queryFn: ({ pageParam }) => apiGet<Message[]>("/messages", { companyId, limit: PAGE_SIZE, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.length === PAGE_SIZE ? page[0]?.id : undefined),
    enabled,
  });
}

/** Every loaded message, oldest first, each once. */
export function loadedMessages(data: { pages: Message[][] } | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages
    .toReversed()
    .flat()
    .filter((message) => !seen.has(message.id) && seen.add(message.id));
}
