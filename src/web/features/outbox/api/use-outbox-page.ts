import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { MailStatus } from "@/shared/enums";
import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * One page of the outbox, newest first. No realtime event announces a delivery, so the page looks
 * again every few seconds while it is on screen: a queued mail turns sent (or failed) by itself.
 */
export function useOutboxPage(params: ListParams & { status: MailStatus | undefined }) {
  const { page, q, sort, status } = params;
  return useQuery({
    queryKey: [queryRoots.outbox, "list", params],
    queryFn: () => api.get("/outbox", { query: { page, q, sort, status } }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}
