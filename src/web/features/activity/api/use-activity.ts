import { useInfiniteQuery } from "@tanstack/react-query";
import type { ActivitySubject } from "@/shared/rules/activity";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

/** Whose history: one record's, or a company's recent activity across its records. */
export interface ActivityTarget {
  kind: ActivitySubject | "company";
  id: string;
}

const paths = {
  project: "/projects/:id/activity",
  ticket: "/tickets/:id/activity",
  invoice: "/invoices/:id/activity",
  quote: "/quotes/:id/activity",
  company: "/companies/:id/activity",
} as const;

/** Under the `activity` root, which every record event refreshes (lib/realtime.ts): the history is live. */
export const activityQueryKey = (target: ActivityTarget, limit?: number) => [queryRoots.activity, target.kind, target.id, limit] as const;

/** Newest first, a keyset page at a time (`fetchNextPage` brings older entries). */
export function useActivity(target: ActivityTarget, { limit }: { limit?: number } = {}) {
  return useInfiniteQuery({
    queryKey: activityQueryKey(target, limit),
    queryFn: ({ pageParam }) =>
      loggedLoad("activity", () => api.get(paths[target.kind], { param: { id: target.id }, query: { cursor: pageParam, limit } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
