import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * The latest mails received (ADR 044), newest first. No realtime event announces one, so the page
 * looks again every few seconds while it is on screen, as the outbox does.
 */
export function useInboundMails() {
  return useQuery({
    queryKey: [queryRoots.inbound, "list"],
    queryFn: () => api.get("/inbound/mails"),
    refetchInterval: 5_000,
  });
}
