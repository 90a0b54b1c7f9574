import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

/** Under the `notifications` root, which every realtime event refreshes (lib/realtime.ts): the counts are live. */
export const unreadCountsQueryKey = [queryRoots.notifications, "unread"] as const;

/**
 * The header's counts: the bell's (every unread notification), the nav items' (by area) and the
 * Messages item's unread chat messages. Off while the server would refuse the caller everything
 * (an admin who must turn on two-factor sign-in first).
 */
export function useUnreadCounts(enabled: boolean) {
  return useQuery({
    queryKey: unreadCountsQueryKey,
    queryFn: () => loggedLoad("unread notifications", () => api.get("/notifications/unread")),
    enabled,
  });
}
