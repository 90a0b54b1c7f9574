import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";
import type { AuditFilters } from "../audit-search-params";

/** The audit log under `filters`, newest first, a keyset page at a time ("Show more"). */
export function useAuditEvents(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [queryRoots.audit, "list", filters],
    queryFn: ({ pageParam }) => loggedLoad("the audit log", () => api.get("/audit", { query: { ...filters, cursor: pageParam } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
