import { useInfiniteQuery } from "@tanstack/react-query";
import { NOTIFICATION_PAGE_DEFAULT } from "@/shared/rules/notifications";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

export const notificationsQueryKey = [queryRoots.notifications, "list"] as const;

/**
 * The caller's notifications, newest first, a keyset page at a time (`fetchNextPage` brings older
 * ones). Used only while the panel is open, so the events that refresh the `notifications` root
 * refetch it then and merely mark it stale otherwise.
 */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam }) =>
      loggedLoad("notifications", () => api.get("/notifications", { query: { cursor: pageParam, limit: NOTIFICATION_PAGE_DEFAULT } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
