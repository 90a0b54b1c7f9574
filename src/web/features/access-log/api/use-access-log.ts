import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import type { AccessRecordType } from "@/shared/rules/access-log";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

export interface AccessLogFilters {
  actorId?: string | undefined;
  recordType?: AccessRecordType | undefined;
}

/** The caller's company's access log under `filters`, newest first, a keyset page at a time ("Show more"). */
export function useAccessLog(filters: AccessLogFilters) {
  return useInfiniteQuery({
    queryKey: [queryRoots.accessLog, "list", filters],
    queryFn: ({ pageParam }) => loggedLoad("the access log", () => api.get("/access-log", { query: { ...filters, cursor: pageParam } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

/** The staff members in the log, for the person filter. */
export function useAccessLogPeople() {
  return useQuery({ queryKey: [queryRoots.accessLog, "people"], queryFn: () => api.get("/access-log/people", { query: {} }) });
}

/** The key the signed export verifies with. */
export function useAccessLogPublicKey() {
  return useQuery({ queryKey: [queryRoots.accessLog, "public-key"], queryFn: () => api.get("/access-log/public-key"), staleTime: Infinity });
}

/** Walks the log's hash chain on the server, on request. */
export function useVerifyAccessLog() {
  return useMutation({ mutationFn: () => api.get("/access-log/verify", { query: {} }) });
}
