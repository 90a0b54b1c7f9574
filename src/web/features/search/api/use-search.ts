import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * What GET /api/search finds for `q` (ADR 046): nothing is asked until there is something to find.
 * The previous answer stays on screen while the next is on its way, so the list does not flicker
 * between keystrokes.
 */
export function useSearch(q: string) {
  return useQuery({
    queryKey: [queryRoots.search, q],
    queryFn: () => api.get("/search", { query: { q } }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
